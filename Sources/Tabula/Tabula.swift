// Tabula
