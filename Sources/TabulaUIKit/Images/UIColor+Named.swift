import Foundation

extension UIColor {
    /// Creates the colour of the colour set `name` in the main bundle's asset catalogs.
    ///
    /// Colour sets are found where ``UIImage/init(named:)`` finds image sets: in the
    /// `*.xcassets` folders among the bundle's resources, with `provides-namespace` groups
    /// giving names such as `"Brand/accent"`. A set with a dark-appearance entry gives a
    /// dynamic colour that resolves to it in dark appearance. The colour spaces read are
    /// sRGB, extended sRGB, extended linear sRGB, Display P3 (converted to sRGB) and grey;
    /// components may be written as Xcode writes them (`"0.345"`, `"88"` or `"0x58"`), and
    /// references to system colours (`systemBlueColor`, `labelColor` …) give Tabula's.
    /// iPad, Mac, watch and TV entries, and high-contrast entries, are not used.
    ///
    /// Returns `nil` when there is no such colour set, or when its `Contents.json` is not
    /// valid; the latter is reported once through ``UIImage/onInvalidAsset``, naming the file.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// Creates the colour of the colour set `name` in `bundle`'s asset catalogs (nil: the
    /// main bundle), as ``init(named:)`` does.
    ///
    /// With a trait collection, the colour is the set's colour for those traits (its
    /// light or dark entry), not a dynamic colour; without one, a set with a dark entry
    /// gives a dynamic colour.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let set = ImageAssets.shared.colorSet(named: name, in: bundle) else { return nil }
        // A reference to a system colour is itself dynamic, so the set is resolved per
        // appearance even without a dark entry.
        let any = set.any, dark = set.dark ?? set.any
        if let traitCollection {
            self.init(cgColor: (traitCollection.userInterfaceStyle == .dark ? dark : any).resolvedColor(with: traitCollection).cgColor)
        } else {
            self.init(dynamicProvider: { traits in
                (traits.userInterfaceStyle == .dark ? dark : any).resolvedColor(with: traits)
            })
        }
    }

    /// The system colour an asset catalog's colour set refers to by its Objective-C name
    /// (`systemBlueColor`, `labelColor` …), or nil.
    static func systemColor(assetReference name: String) -> UIColor? {
        guard name.hasSuffix("Color") else { return nil }
        return systemColorsByName[String(name.dropLast("Color".count))]
    }

    private static let systemColorsByName: [String: UIColor] = [
        "black": .black,
        "darkGray": .darkGray,
        "lightGray": .lightGray,
        "white": .white,
        "gray": .gray,
        "darkText": .darkText,
        "lightText": .lightText,
        "red": .red,
        "green": .green,
        "blue": .blue,
        "cyan": .cyan,
        "yellow": .yellow,
        "magenta": .magenta,
        "orange": .orange,
        "purple": .purple,
        "brown": .brown,
        "clear": .clear,
        "systemRed": .systemRed,
        "systemOrange": .systemOrange,
        "systemYellow": .systemYellow,
        "systemGreen": .systemGreen,
        "systemMint": .systemMint,
        "systemTeal": .systemTeal,
        "systemCyan": .systemCyan,
        "systemBlue": .systemBlue,
        "systemIndigo": .systemIndigo,
        "systemPurple": .systemPurple,
        "systemPink": .systemPink,
        "systemBrown": .systemBrown,
        "systemGray": .systemGray,
        "systemGray2": .systemGray2,
        "systemGray3": .systemGray3,
        "systemGray4": .systemGray4,
        "systemGray5": .systemGray5,
        "systemGray6": .systemGray6,
        "label": .label,
        "secondaryLabel": .secondaryLabel,
        "tertiaryLabel": .tertiaryLabel,
        "quaternaryLabel": .quaternaryLabel,
        "placeholderText": .placeholderText,
        "link": .link,
        "separator": .separator,
        "opaqueSeparator": .opaqueSeparator,
        "systemBackground": .systemBackground,
        "secondarySystemBackground": .secondarySystemBackground,
        "tertiarySystemBackground": .tertiarySystemBackground,
        "systemGroupedBackground": .systemGroupedBackground,
        "secondarySystemGroupedBackground": .secondarySystemGroupedBackground,
        "tertiarySystemGroupedBackground": .tertiarySystemGroupedBackground,
        "systemFill": .systemFill,
        "secondarySystemFill": .secondarySystemFill,
        "tertiarySystemFill": .tertiarySystemFill,
        "quaternarySystemFill": .quaternarySystemFill,
    ]
}
