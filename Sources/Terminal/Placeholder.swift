// Placeholder until the terminal branch lands.
