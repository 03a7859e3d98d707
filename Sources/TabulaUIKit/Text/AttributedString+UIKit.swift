import Foundation

// Foundation on Linux has Swift's `AttributedString` with its own attributes (links and
// presentation intents) but no UIKit scope, and no conversion to `NSAttributedString`.
// Both are declared here under UIKit's names, for the attributes Tabula draws.

extension AttributeScopes {
    /// The attributes UIKit draws, for Swift's `AttributedString`: UIKit's
    /// `AttributeScopes.UIKitAttributes` (the ones Tabula draws), with Foundation's.
    public struct UIKitAttributes: AttributeScope {
        /// The font (`NSAttributedString.Key.font`).
        public let font: FontAttribute
        /// The colour of the text.
        public let foregroundColor: ForegroundColorAttribute
        /// The colour behind the text.
        public let backgroundColor: BackgroundColorAttribute
        /// Extra space after each character, in points.
        public let kern: KernAttribute
        /// Alignment, spacing and indents.
        public let paragraphStyle: ParagraphStyleAttribute
        /// A line under the text.
        public let underlineStyle: UnderlineStyleAttribute
        /// The underline's colour.
        public let underlineColor: UnderlineColorAttribute
        /// A line through the text.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// The strikethrough line's colour.
        public let strikethroughColor: StrikethroughColorAttribute
        /// How far the glyphs are raised from the baseline, in points.
        public let baselineOffset: BaselineOffsetAttribute
        /// Foundation's attributes (`link` among them).
        public let foundation: FoundationAttributes

        /// The font attribute.
        public enum FontAttribute: AttributedStringKey {
            /// A ``UIFont``.
            public typealias Value = UIFont
            /// UIKit's name, `NSFont`.
            public static let name = NSAttributedString.Key.font.rawValue
        }
        /// The text colour attribute.
        public enum ForegroundColorAttribute: AttributedStringKey {
            /// A ``UIColor``.
            public typealias Value = UIColor
            /// UIKit's name, `NSColor`.
            public static let name = NSAttributedString.Key.foregroundColor.rawValue
        }
        /// The background colour attribute.
        public enum BackgroundColorAttribute: AttributedStringKey {
            /// A ``UIColor``.
            public typealias Value = UIColor
            /// UIKit's name, `NSBackgroundColor`.
            public static let name = NSAttributedString.Key.backgroundColor.rawValue
        }
        /// The kerning attribute.
        public enum KernAttribute: AttributedStringKey {
            /// Points.
            public typealias Value = CGFloat
            /// UIKit's name, `NSKern`.
            public static let name = NSAttributedString.Key.kern.rawValue
        }
        /// The paragraph style attribute.
        public enum ParagraphStyleAttribute: AttributedStringKey {
            /// An ``NSParagraphStyle``.
            public typealias Value = NSParagraphStyle
            /// UIKit's name, `NSParagraphStyle`.
            public static let name = NSAttributedString.Key.paragraphStyle.rawValue
        }
        /// The underline attribute.
        public enum UnderlineStyleAttribute: AttributedStringKey {
            /// An ``NSUnderlineStyle``.
            public typealias Value = NSUnderlineStyle
            /// UIKit's name, `NSUnderline`.
            public static let name = NSAttributedString.Key.underlineStyle.rawValue
        }
        /// The underline colour attribute.
        public enum UnderlineColorAttribute: AttributedStringKey {
            /// A ``UIColor``.
            public typealias Value = UIColor
            /// UIKit's name, `NSUnderlineColor`.
            public static let name = NSAttributedString.Key.underlineColor.rawValue
        }
        /// The strikethrough attribute.
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            /// An ``NSUnderlineStyle``.
            public typealias Value = NSUnderlineStyle
            /// UIKit's name, `NSStrikethrough`.
            public static let name = NSAttributedString.Key.strikethroughStyle.rawValue
        }
        /// The strikethrough colour attribute.
        public enum StrikethroughColorAttribute: AttributedStringKey {
            /// A ``UIColor``.
            public typealias Value = UIColor
            /// UIKit's name, `NSStrikethroughColor`.
            public static let name = NSAttributedString.Key.strikethroughColor.rawValue
        }
        /// The baseline offset attribute.
        public enum BaselineOffsetAttribute: AttributedStringKey {
            /// Points.
            public typealias Value = CGFloat
            /// UIKit's name, `NSBaselineOffset`.
            public static let name = NSAttributedString.Key.baselineOffset.rawValue
        }
    }

    /// UIKit's attribute scope.
    public var uiKit: UIKitAttributes.Type { UIKitAttributes.self }
}

extension AttributeDynamicLookup {
    /// Makes `attributedString.font = …` and the other UIKit attributes work.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.UIKitAttributes, T>) -> T {
        self[T.self]
    }
}

extension NSAttributedString {
    /// The Swift attributed string as an `NSAttributedString`, for ``UILabel/attributedText``:
    /// the UIKit attributes (`AttributeScopes.UIKitAttributes`) and Foundation's `link`
    /// are carried over; other attributes are left out.
    public convenience init(_ attributedString: AttributedString) {
        typealias UIKit = AttributeScopes.UIKitAttributes
        let result = NSMutableAttributedString(string: String(attributedString.characters))
        var offset = 0
        for run in attributedString.runs {
            let length = String(attributedString[run.range].characters).utf16.count
            var attributes: [NSAttributedString.Key: Any] = [:]
            func put(_ key: NSAttributedString.Key, _ value: Any?) {
                if let value { attributes[key] = value }
            }
            put(.font, run[UIKit.FontAttribute.self])
            put(.foregroundColor, run[UIKit.ForegroundColorAttribute.self])
            put(.backgroundColor, run[UIKit.BackgroundColorAttribute.self])
            put(.kern, run[UIKit.KernAttribute.self])
            put(.paragraphStyle, run[UIKit.ParagraphStyleAttribute.self])
            put(.underlineStyle, run[UIKit.UnderlineStyleAttribute.self]?.rawValue)
            put(.underlineColor, run[UIKit.UnderlineColorAttribute.self])
            put(.strikethroughStyle, run[UIKit.StrikethroughStyleAttribute.self]?.rawValue)
            put(.strikethroughColor, run[UIKit.StrikethroughColorAttribute.self])
            put(.baselineOffset, run[UIKit.BaselineOffsetAttribute.self])
            put(.link, run[AttributeScopes.FoundationAttributes.LinkAttribute.self])
            if !attributes.isEmpty, length > 0 {
                result.addAttributes(attributes, range: NSRange(location: offset, length: length))
            }
            offset += length
        }
        self.init(attributedString: result)
    }
}
