-- The spec's one rule as the shop's first delivery option (decision 037): a shop that changes nothing
-- delivers everywhere for K75, free strictly above K500 (SPEC §9).
INSERT INTO "delivery_options" ("name", "kind", "provinces", "towns", "fee_ngwee", "free_above_ngwee", "estimate", "position")
VALUES ('Standard delivery', 'door', '[]'::jsonb, '[]'::jsonb, 7500, 50000, '', 0);
