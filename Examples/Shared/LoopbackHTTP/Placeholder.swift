// Placeholder until the loopback HTTP server lands.
