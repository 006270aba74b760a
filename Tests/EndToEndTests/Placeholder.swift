// Placeholder until the end-to-end tests land.
