/// The texts the scenes show.
enum SampleData {
    /// The 2010 RSS reader's feeds and their stories.
    static let feeds: [(title: String, stories: [String])] = [
        ("Hot News", ["Table views learn to animate", "Gesture recognizers arrive", "Sections open and close",
                      "Rows slide, fade and flow"]),
        ("Technology", ["A compositor written in Swift", "Text shaped by HarfBuzz", "Ten million rows, one log n",
                        "Cairo draws every pixel", "SDL opens the window"]),
        ("Science", ["Springs without overshoot", "Deceleration at 0.998 per millisecond", "Rubber bands past the edge"]),
        ("Sports", ["Scrolling at sixty frames", "The pinch that resized a row", "A long press wins the menu",
                    "Swipe to delete, again"]),
        ("Arts", ["Clouds drifting behind a table", "Cards that drop in, tilted", "A flip about the y axis"]),
    ]

    /// Shakespeare's plays as the 2011 session's demo listed them: unsorted, with quotes.
    static let plays: [(title: String, quotes: [String])] = [
        ("Macbeth", ["Out, damned spot!", "Fair is foul, and foul is fair."]),
        ("Hamlet", ["To be, or not to be.", "Brevity is the soul of wit.", "The rest is silence."]),
        ("The Tempest", ["We are such stuff as dreams are made on."]),
        ("As You Like It", ["All the world's a stage."]),
        ("Julius Caesar", ["Et tu, Brute?", "Cowards die many times before their deaths."]),
        ("King Lear", ["Nothing will come of nothing."]),
        ("Othello", ["O, beware, my lord, of jealousy."]),
        ("Romeo and Juliet", ["What's in a name?", "Parting is such sweet sorrow."]),
    ]

    /// Every quote, with its play.
    static var quotes: [(quote: String, play: String)] {
        plays.flatMap { play in play.quotes.map { ($0, play.title) } }
    }

    /// Names for the contacts scene (collated by last name).
    static let names = [
        "John Appleseed", "Kate Bell", "Anna Haro", "Daniel Higgins", "David Taylor", "Hank Zakroff",
        "Émile Zola", "Åsa Öberg", "Ben Mitchell", "Zoe Adams", "Carla Diaz", "Grace Hopper", "Ada Lovelace",
        "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth", "Margaret Hamilton", "Ken Thompson",
        "Dennis Ritchie", "Frances Allen", "Leslie Lamport", "Niklaus Wirth", "John Backus", "Tony Hoare",
        "Radia Perlman", "Vint Cerf", "Bjarne Stroustrup", "Guido van Rossum", "Chris Lattner", "Sophie Wilson",
        "Katherine Johnson", "Jean Bartik", "Hedy Lamarr", "Claude Shannon", "Lynn Conway", "Yukihiro Matsumoto",
        "Anders Hejlsberg", "James Gosling", "Brian Kernighan", "Fran Bilas", "Ivan Sutherland", "Xavier Leroy",
        "Quentin Blake", "Ursula Franklin", "Whitfield Diffie", "Ole-Johan Dahl", "Kristen Nygaard",
    ]

    /// Mail's inbox for the multiple selection scene.
    static let messages: [(from: String, subject: String)] = [
        ("Luke", "Moves in table views"), ("Jason", "Cell layout, again"), ("Tim", "Drawing fast cells"),
        ("Dana", "Lunch on Friday?"), ("Build bot", "Nightly: 525 tests passed"), ("Kate", "The rotation demo"),
        ("Anna", "Slides for the session"), ("David", "Instruments traces attached"), ("Hank", "Re: floating views"),
        ("Zoe", "Clouds, seriously?"), ("Ben", "Pinch to resize"), ("Carla", "The long press menu"),
        ("Grace", "A bug in the relay"), ("Ada", "Notes on the engine"),
    ]

    /// Apps for the App Store cells scene.
    static let apps: [(name: String, publisher: String, price: String, rating: Int, color: UInt32)] = [
        ("Pocket Table", "Tabula Labs", "$0.99", 4, 0x007AFF), ("Cloud Drift", "Sky Works", "Free", 5, 0x5AC8FA),
        ("Quote Book", "Globe Press", "$2.99", 3, 0xFF9500), ("Row Runner", "Scroll & Co", "$1.99", 4, 0x34C759),
        ("Pinch Paint", "Two Fingers", "Free", 2, 0xFF2D55), ("Menu Maker", "Long Press", "$4.99", 5, 0xAF52DE),
        ("Index Bar", "A to Z", "$0.99", 3, 0x5856D6), ("Card Flip", "Tilt Studio", "Free", 4, 0xFFCC00),
        ("Fade Out", "Opacity Inc", "$0.99", 1, 0x8E8E93), ("Deep Stack", "Layer Cake", "$9.99", 5, 0xA2845E),
    ]
}
