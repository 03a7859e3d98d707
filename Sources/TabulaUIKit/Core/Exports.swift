// `import Tabula` (through this module, which it re-exports) brings in the value types,
// the drawing API and the render engine, as `import UIKit` brings in Foundation, Core
// Graphics and QuartzCore.
@_exported import Foundation
@_exported import TabulaCore
@_exported import TabulaGraphics
@_exported import TabulaQuartz
