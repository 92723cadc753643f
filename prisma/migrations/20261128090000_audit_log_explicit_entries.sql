-- migrate:up
-- The audit log names what a write changed (docs/domain.md#audit-log): the entity by its table and the
-- action by its verb, written by the use case; the route the operator called is kept beside them.
ALTER TABLE audit_log ADD COLUMN route varchar(200);
-- Entries written before named the route as their action and the path's resource as their entity.
UPDATE audit_log SET route = action;
UPDATE audit_log SET entity_type = CASE entity_type
    WHEN 'recurring-bookings' THEN 'recurring_bookings'
    WHEN 'coupons' THEN 'membership_coupons'
    WHEN 'booking-coupons' THEN 'booking_coupons'
    WHEN 'carnet-products' THEN 'carnet_products'
    WHEN 'bvu-members' THEN 'bvu_members'
    WHEN 'court-closures' THEN 'court_closures'
    WHEN 'court-setups' THEN 'court_setups'
    WHEN 'check-ins' THEN 'check_ins'
    WHEN 'certificates' THEN 'medical_certificates'
    WHEN 'rain-checks' THEN 'rain_checks'
    WHEN 'price-lists' THEN 'price_lists'
    WHEN 'broadcast-email' THEN 'broadcasts'
    ELSE entity_type END;

-- migrate:down
UPDATE audit_log SET entity_type = CASE entity_type
    WHEN 'recurring_bookings' THEN 'recurring-bookings'
    WHEN 'membership_coupons' THEN 'coupons'
    WHEN 'booking_coupons' THEN 'booking-coupons'
    WHEN 'carnet_products' THEN 'carnet-products'
    WHEN 'bvu_members' THEN 'bvu-members'
    WHEN 'court_closures' THEN 'court-closures'
    WHEN 'court_setups' THEN 'court-setups'
    WHEN 'check_ins' THEN 'check-ins'
    WHEN 'medical_certificates' THEN 'certificates'
    WHEN 'rain_checks' THEN 'rain-checks'
    WHEN 'price_lists' THEN 'price-lists'
    WHEN 'broadcasts' THEN 'broadcast-email'
    ELSE entity_type END;
UPDATE audit_log SET action = route WHERE route IS NOT NULL;
ALTER TABLE audit_log DROP COLUMN route;
