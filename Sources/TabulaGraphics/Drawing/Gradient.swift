import Foundation

/// Colours at positions 0…1 along a line, as `CGGradient` holds them.
public struct Gradient: Hashable, Sendable {
    /// A colour at a position along the gradient.
    public struct Stop: Hashable, Sendable {
        /// The colour at this stop.
        public var color: Color
        /// Where the stop lies, from 0 (the start point) to 1 (the end point).
        public var location: Double
        /// Creates a stop.
        public init(color: Color, location: Double) { (self.color, self.location) = (color, location) }
    }

    /// The colour stops.
    public var stops: [Stop]

    /// Creates a gradient from its stops.
    public init(stops: [Stop]) { self.stops = stops }

    /// Colours spread evenly from 0 to 1 when `locations` is nil.
    ///
    /// - Precondition: `locations`, when given, has one entry per colour.
    public init(colors: [Color], locations: [Double]? = nil) {
        let locations = locations ?? colors.indices.map { colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0 }
        precondition(locations.count == colors.count,
                     "Gradient has \(colors.count) colours but \(locations.count) locations")
        stops = zip(colors, locations).map { Stop(color: $0, location: $1) }
    }
}
