import Foundation

extension RepositoryCatalog {
  /// The repository named `fullName` (compared without case, as GitHub does), with the details
  /// `GET /repos/{owner}/{repo}` adds: forks, open issues and a default branch, derived from the
  /// repository so that they are the same on every run.
  public func detail(named fullName: String) -> RepositoryDetail? {
    let name = fullName.lowercased()
    guard let repository = entries.first(where: { $0.name == name })?.repository else {
      return nil
    }
    let id = repository.id
    return RepositoryDetail(
      fullName: repository.fullName,
      description: repository.description,
      stargazersCount: repository.stargazersCount,
      forksCount: repository.stargazersCount / (4 + id % 7),
      openIssuesCount: (id * 7919) % 61 + repository.stargazersCount / 2_000,
      defaultBranch: ["main", "main", "main", "master", "develop"][id % 5],
      htmlURL: repository.htmlURL)
  }
}
