// Placeholder until the bench branch lands.
print("practice-bench")
