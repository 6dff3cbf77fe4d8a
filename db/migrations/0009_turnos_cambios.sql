-- Live grid (issue 28, ADR 052): every committed change of a slot (assignment, edit, status, cancellation, delete),
-- whatever path wrote it, notifies channel 'turnos_cambios' with the grid it belongs to: {"tipo_tramite","fecha_turno"}
-- and nothing else (no member data). NOTIFY is delivered at commit only, and identical payloads of one transaction
-- are delivered once. An UPDATE that moves a row to another grid notifies both.
CREATE FUNCTION turnos_cambios_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('turnos_cambios',
      json_build_object('tipo_tramite', OLD.tipo_tramite, 'fecha_turno', OLD.fecha_turno)::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('turnos_cambios',
      json_build_object('tipo_tramite', NEW.tipo_tramite, 'fecha_turno', NEW.fecha_turno)::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER turnos_cambios AFTER INSERT OR UPDATE OR DELETE ON turnos FOR EACH ROW EXECUTE FUNCTION turnos_cambios_notify();
