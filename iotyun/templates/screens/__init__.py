"""Template screens: web and mobile screens of a template and their versioned design documents."""
