// TabulaSDL
