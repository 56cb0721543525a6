-- Demo dogs are examples: shown with an "Ejemplo" badge and closed to "Me interesa" requests
-- (their owner's address is a reserved .example domain nobody reads). Dogs seeded before this
-- migration are recognised by that owner.
ALTER TABLE dogs ADD COLUMN demo boolean NOT NULL DEFAULT false;
UPDATE dogs SET demo = true
 WHERE hostage_id IN (SELECT id FROM users WHERE email = 'adopciones@happydog.example');
