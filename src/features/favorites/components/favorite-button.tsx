// The heart on a dog's card, modal and page: saves the dog to "Guardados" or forgets it. Shown to
// logged-in visitors, on dogs they did not publish.
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import type { Dog } from '@/shared/dog';
import { isOwner, useSessionStore } from '@/stores/session-store';
import { useIsSaved, useToggleFavorite } from '../api/favorites';
import classes from './favorite-button.module.css';

type FavoriteButtonProps = {
  dog: Dog;
  /** Over a photo (a round white button) or in a row of actions. */
  placement?: 'photo' | 'inline';
};

export function FavoriteButton({ dog, placement = 'inline' }: FavoriteButtonProps) {
  const logged = useSessionStore((state) => state.logged);
  const id = useSessionStore((state) => state.id);
  const saved = useIsSaved(dog.id);
  const toggle = useToggleFavorite();
  if (!logged || isOwner({ logged, id }, dog.hostage_id)) return null;
  const Icon = saved ? IconHeartFilled : IconHeart;
  return (
    <button
      type="button"
      className={classes.root}
      data-placement={placement}
      aria-pressed={saved}
      aria-label={`Guardar a ${dog.name}`}
      title={saved ? 'Quitar de Guardados' : 'Guardar'}
      onClick={() => toggle.mutate({ dog, save: !saved })}
    >
      <Icon size={22} aria-hidden="true" />
    </button>
  );
}
