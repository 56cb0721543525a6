-- Logged-in visitors see each dog's owner contact in the lists: name, e-mail and phone (migration
-- 006 added the phone after migration 002 had listed only name and e-mail). A change to any of
-- them must move the list stamp, or other processes would serve the old phone from their caches.
DROP TRIGGER users_bump_list_version ON users;
CREATE TRIGGER users_bump_list_version
  AFTER UPDATE OF name, email, phone OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_dog_list_version();
