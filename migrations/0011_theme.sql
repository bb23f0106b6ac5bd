-- The newsroom's theme (newsroom.yaml `theme:`): JSON of the fields it gives (colours as
-- #rrggbb, logo_height), checked at import; NULL keeps the stylesheet's own look.
ALTER TABLE newsroom ADD COLUMN theme TEXT;
