print("github-search: not implemented yet")
