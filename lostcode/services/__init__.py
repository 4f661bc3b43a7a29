"""The app's services: game records, saved games, URL settings."""
