-- Drafts where nothing was typed (every value blank, null, false, or an empty list or object)
-- were kept before the rule "a draft is kept only once something is typed" (issue 9): remove them.
DELETE FROM "drafts" d
WHERE NOT EXISTS (
  SELECT 1 FROM jsonb_each(d."values") e
  WHERE NOT (
    e.value IN ('null'::jsonb, 'false'::jsonb, '[]'::jsonb, '{}'::jsonb)
    OR (jsonb_typeof(e.value) = 'string' AND btrim(e.value #>> '{}') = '')
  )
);
