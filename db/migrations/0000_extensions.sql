-- Trigram matching for name and text search (spec: accent- and case-insensitive partial name search).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
