import Foundation

/// A deterministic, generated set of thousands of repositories for the offline server.
///
/// The same seed gives the same repositories, in the same order, with the same star counts, on
/// every machine, so tests and demos can name what a search returns. The names and descriptions
/// are invented from word lists; a few mention `C++`, `C#` or `F#` so that query encoding shows.
///
/// ```swift
/// let catalog = RepositoryCatalog.standard          // 5000 repositories
/// catalog.repositories.count                        // 5000
/// ```
public struct RepositoryCatalog: Sendable {
  /// The repositories, by ascending id.
  public let repositories: [Repository]
  /// The repositories with their searched text lowercased once, not on every search.
  let entries: [Entry]

  /// A repository and the lowercased text a search compares.
  struct Entry: Sendable {
    let repository: Repository
    let name: String
    let owner: String
    let description: String
    let language: String?

    init(_ repository: Repository) {
      self.repository = repository
      name = repository.fullName.lowercased()
      owner = name.split(separator: "/").first.map(String.init) ?? ""
      description = repository.description?.lowercased() ?? ""
      language = repository.language?.lowercased()
    }
  }

  /// The catalog the offline mode serves: 5000 repositories from seed 2017.
  public static let standard = RepositoryCatalog(seed: 2017, count: 5000)

  /// The first repository's id; the others follow it one by one.
  static let firstID = 100_000

  /// Whether `repository` is one of this catalog's: the same id and full name.
  ///
  /// The offline server answers from ``standard`` alone, so the repositories a session shows
  /// tell whether it searched the offline catalog or GitHub.
  public func contains(_ repository: Repository) -> Bool {
    // Compared before subtracting, so that no id from a file can overflow.
    guard repository.id >= Self.firstID, repository.id - Self.firstID < repositories.count else {
      return false
    }
    return repositories[repository.id - Self.firstID].fullName == repository.fullName
  }

  /// Generates `count` repositories from `seed`.
  public init(seed: UInt64, count: Int) {
    var random = CatalogRandom(seed: seed)
    var repositories: [Repository] = []
    var usedNames: Set<String> = []
    repositories.reserveCapacity(count)
    while repositories.count < count {
      let owner = Self.owner(&random)
      let language = random.pick(Self.languages)
      let name = Self.name(language: language, &random)
      let fullName = "\(owner)/\(name)"
      guard usedNames.insert(fullName.lowercased()).inserted else { continue }
      // Stars follow a long tail: most repositories have a few, some have tens of thousands.
      let stars = Int(pow(random.unit(), 4) * 60_000)
      repositories.append(
        Repository(
          id: Self.firstID + repositories.count,
          fullName: fullName,
          description: random.unit() < 0.08
            ? nil : Self.description(name: name, language: language, &random),
          stargazersCount: stars,
          language: language,
          htmlURL: URL(string: "https://github.com/\(fullName)")!))
    }
    self.repositories = repositories
    entries = repositories.map(Entry.init)
  }

  private static func owner(_ random: inout CatalogRandom) -> String {
    switch random.next() % 3 {
    case 0: "\(random.pick(adjectives))-\(random.pick(animals))"
    case 1: "\(random.pick(animals))\(random.pick(labs))"
    default: "\(random.pick(givenNames))\(random.pick(["", "dev", "codes", "hq", "io"]))"
    }
  }

  private static func name(language: String?, _ random: inout CatalogRandom) -> String {
    let topic = random.pick(topics)
    switch random.next() % 5 {
    case 0: return "\(languagePrefix(language) ?? random.pick(adjectives))-\(topic)"
    case 1: return "\(topic)-\(random.pick(suffixes))"
    case 2: return "\(random.pick(adjectives))-\(topic)"
    case 3: return "\(topic)\(random.pick(["kit", "ly", "x", "js", "rs", "py", "swift"]))"
    default: return "\(random.pick(animals))-\(topic)"
    }
  }

  private static func description(
    name: String, language: String?, _ random: inout CatalogRandom
  ) -> String {
    let topic = random.pick(topics)
    let language = language ?? "any language"
    switch random.next() % 6 {
    case 0:
      let quality = random.pick(qualities)
      let article = "aeiou".contains(quality.first!) ? "An" : "A"
      return "\(article) \(quality) \(topic) library for \(language)"
    case 1: return "\(capitalized(topic)) \(random.pick(things)), written in \(language)"
    case 2: return "\(capitalized(random.pick(qualities))) \(topic) \(random.pick(things))"
    case 3: return "Experiments with \(topic) and \(random.pick(topics)) in \(language)"
    case 4: return "\(name): \(random.pick(qualities)) \(topic) for \(language) = fewer bugs"
    default: return "The \(random.pick(qualities)) way to do \(topic) (\(language))"
    }
  }

  private static func capitalized(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst()
  }

  private static func languagePrefix(_ language: String?) -> String? {
    switch language {
    case "Swift": "swift"
    case "Rust": "rust"
    case "Go": "go"
    case "Python": "py"
    case "C++": "cpp"
    case "C#": "csharp"
    case "F#": "fsharp"
    case "TypeScript": "ts"
    default: nil
    }
  }

  static let languages: [String?] = [
    "Swift", "Swift", "Swift", "Rust", "Go", "Python", "TypeScript", "JavaScript", "C++", "C#",
    "Kotlin", "Java", "Ruby", "C", "Haskell", "Elixir", "F#", "Objective-C", nil,
  ]
  static let topics = [
    "json", "reactor", "async", "cache", "http", "router", "parser", "markdown", "charts", "auth",
    "logging", "graph", "search", "layout", "animation", "network", "storage", "crypto", "cli",
    "terminal", "image", "audio", "video", "database", "sql", "queue", "scheduler", "compiler",
    "lexer", "testing", "mock", "metrics", "tracing", "config", "keychain", "websocket", "grpc",
    "swiftui", "combine", "redux", "state", "navigation", "forms", "validation", "i18n", "dates",
    "maps", "pdf", "git", "docs",
  ]
  static let adjectives = [
    "swift", "tiny", "fast", "lazy", "quiet", "bright", "simple", "brave", "clever", "rusty",
    "shiny", "silent", "async", "pure", "humble", "mighty", "nimble", "cosmic", "happy", "solid",
  ]
  static let animals = [
    "otter", "falcon", "panda", "koala", "lynx", "heron", "badger", "gecko", "orca", "yak",
    "ibis", "marten", "puffin", "tapir", "wombat", "zebra", "beaver", "crane", "moose", "newt",
  ]
  static let labs = ["labs", "works", "soft", "hq", "dev", "studio", "forge", "io"]
  static let givenNames = [
    "ada", "alan", "grace", "linus", "ken", "barbara", "edsger", "margaret", "dennis", "frances",
    "john", "radia", "guido", "yukihiro", "chris", "bjarne", "anders", "rob", "sophie", "tim",
  ]
  static let suffixes = ["kit", "core", "lite", "plus", "tools", "engine", "swift", "rs", "go"]
  static let qualities = [
    "fast", "tiny", "type-safe", "composable", "declarative", "lightweight", "minimal",
    "modern", "reactive", "zero-dependency", "battle-tested", "experimental", "friendly",
  ]
  static let things = ["framework", "toolkit", "library", "playground", "engine", "helpers"]
}
