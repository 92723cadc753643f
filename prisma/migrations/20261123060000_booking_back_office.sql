-- migrate:up

-- The desk books walk-ins by name and phone, records who cancelled and why an admin changed a price
-- (design §7).
ALTER TABLE bookings ADD COLUMN customer_phone varchar(30);
ALTER TABLE bookings ADD COLUMN cancelled_by_id integer;
ALTER TABLE bookings ADD CONSTRAINT bookings_cancelled_by_id_fkey FOREIGN KEY (cancelled_by_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE bookings ADD COLUMN price_override_reason varchar(500);
ALTER TABLE recurring_bookings ADD COLUMN customer_phone varchar(30);
ALTER TABLE recurring_bookings ADD COLUMN created_by_id integer;
ALTER TABLE recurring_bookings ADD CONSTRAINT recurring_bookings_created_by_id_fkey FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE recurring_bookings ADD CONSTRAINT recurring_bookings_time_range CHECK (end_time > start_time);
-- The list of cancelled bookings is read newest first.
CREATE INDEX bookings_status_cancelled_at_idx ON bookings (status, cancelled_at);
CREATE INDEX bookings_recurring_booking_id_idx ON bookings (recurring_booking_id);

-- migrate:down
DROP INDEX bookings_recurring_booking_id_idx;
DROP INDEX bookings_status_cancelled_at_idx;
ALTER TABLE recurring_bookings DROP CONSTRAINT recurring_bookings_time_range;
ALTER TABLE recurring_bookings DROP COLUMN created_by_id;
ALTER TABLE recurring_bookings DROP COLUMN customer_phone;
ALTER TABLE bookings DROP COLUMN price_override_reason;
ALTER TABLE bookings DROP COLUMN cancelled_by_id;
ALTER TABLE bookings DROP COLUMN customer_phone;
