-- The upload window now follows the event (PRODUCT.md): it closes at 23:59:59.999 of the day that lies
-- the plan's days (basic 7, plus 15, premium 30) after the event date, in the album's time zone, or at
-- UTC−12 (Etc/GMT+12) when the zone is unknown or not one PostgreSQL knows, so it never closes early. It
-- used to close the same days after the album was created. The new rule replaces the old one whether it
-- moves the window earlier or later (modules/albums/upload-window.ts computes the same instant for new albums),
-- with two exceptions: a cancelled subscription keeps closing uploads when its paid period ended, if that
-- is sooner; and the home page's example album, closed on purpose once filled, is left as it is. Elite
-- windows (null: never closes) stay null.
WITH moved AS (
  SELECT
    a.id,
    LEAST(
      ((c.event_date + w.days)::timestamp + interval '23:59:59.999') AT TIME ZONE COALESCE(z.name, 'Etc/GMT+12'),
      CASE WHEN o.subscription_ended_at IS NOT NULL THEN COALESCE(o.paid_until, o.subscription_ended_at) END
    ) AS valid_until
  FROM albums a
  JOIN customizations c ON c.id = a.customization_id
  JOIN orders o ON o.id = a.order_id
  JOIN users u ON u.id = a.user_id
  JOIN (VALUES ('basic', 7), ('plus', 15), ('premium', 30)) AS w(tier, days) ON w.tier = a.package_snapshot->>'tier'
  LEFT JOIN pg_timezone_names z ON z.name = c.time_zone
  WHERE c.event_date IS NOT NULL
    AND jsonb_typeof(a.package_snapshot->'validUntil') = 'string'
    AND lower(u.email) <> 'album-de-ejemplo@momentos.invalid'
)
UPDATE albums a
SET package_snapshot = jsonb_set(
  a.package_snapshot,
  '{validUntil}',
  to_jsonb(to_char(m.valid_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
)
FROM moved m
WHERE a.id = m.id;
