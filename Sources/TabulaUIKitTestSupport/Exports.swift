// The view-level test helpers sit on the basic ones (seeded randomness, golden images):
// one import gives both.
@_exported import TabulaTestBasics
