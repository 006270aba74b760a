// Placeholder until the signup example lands.
