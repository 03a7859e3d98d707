// The table's test helpers sit on the base ones: one import gives both.
@_exported import TabulaUIKitTestSupport
