"""The declarative models: each genre's rules as plain data a backend translates."""
