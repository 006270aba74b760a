// Placeholder until the terminal UI support lands.
