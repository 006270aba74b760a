// Placeholder until the github-search example lands.
