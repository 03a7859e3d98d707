// `import Tabula` brings all of Tabula, as `import UIKit` brings all of UIKit: the
// targets below are internal to the package (see the layers in Package.swift), and this
// module re-exports each. Its own code is the app's entry point (ApplicationMain.swift:
// `@main` on an app delegate, which opens the SDL window), the key-value coding that app
// code calls on `UserDefaults` (UserDefaults+KeyValueCoding.swift) and the documentation
// catalog.
@_exported import TabulaUIKit
@_exported import TabulaTable
@_exported import TabulaCollection
