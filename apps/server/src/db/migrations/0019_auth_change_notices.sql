-- Every server keeps the sessions it has checked in memory (modules/auth/access-grant-cache.ts) and
-- must drop one at once when any server, script or operator revokes it or changes its user. As with
-- the album notices (0012), the database announces each change itself when the writing transaction
-- commits, so no code path can forget to. Payloads name a session or a user, never a token.
CREATE FUNCTION momentos_auth_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('momentos_auth_changed', json_build_object('userId', COALESCE(NEW.id, OLD.id))::text);
  ELSIF TG_TABLE_NAME = 'auth_sessions' THEN
    PERFORM pg_notify('momentos_auth_changed', json_build_object('sessionId', COALESCE(NEW.id, OLD.id))::text);
  ELSE
    PERFORM pg_notify('momentos_auth_changed', json_build_object('sessionId', COALESCE(NEW.session_id, OLD.session_id))::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION momentos_auth_row_changed();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_changed AFTER UPDATE OR DELETE ON auth_sessions FOR EACH ROW EXECUTE FUNCTION momentos_auth_row_changed();
--> statement-breakpoint
-- Refresh tokens are marked used on every refresh; only access tokens are ever cached (a token's
-- kind never changes, and OLD is the row an UPDATE or DELETE trigger may test).
CREATE TRIGGER auth_tokens_changed AFTER UPDATE OR DELETE ON auth_tokens FOR EACH ROW WHEN (OLD.kind = 'access') EXECUTE FUNCTION momentos_auth_row_changed();
