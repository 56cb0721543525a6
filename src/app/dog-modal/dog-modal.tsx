// The body of the dog modal (a lazy chunk): the form to publish or edit a listing, or the view of
// one.
import type { Dog } from '@/shared/dog';
import { DogForm } from './dog-form';
import type { DogModalDraft, DogModalMode } from './dog-modal-types';
import { DogView } from './dog-view';

type DogModalProps = {
  modalId: string;
  draft: DogModalDraft;
} & ({ mode: 'create'; dog?: undefined } | { mode: Exclude<DogModalMode, 'create'>; dog: Dog });

export default function DogModal(props: DogModalProps) {
  const { modalId, draft } = props;
  if (props.mode === 'create') return <DogForm modalId={modalId} draft={draft} mode="create" />;
  if (props.mode === 'edit')
    return <DogForm modalId={modalId} draft={draft} mode="edit" dog={props.dog} />;
  return <DogView modalId={modalId} dog={props.dog} />;
}
