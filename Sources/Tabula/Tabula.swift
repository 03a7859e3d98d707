// `import Tabula` brings all of Tabula, as `import UIKit` brings all of UIKit: the
// targets below are internal to the package (see the layers in Package.swift), and this
// module re-exports each. It holds no code of its own, only the documentation catalog.
@_exported import TabulaUIKit
@_exported import TabulaTable
@_exported import TabulaCollection
