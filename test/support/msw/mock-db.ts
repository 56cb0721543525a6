// In-memory stand-in for the API's database behind the MSW handlers of the web tests. Dogs are
// stored without `user`; the handlers add it for logged-in callers.
import type { Dog } from '@/shared/dog';
import type { AdopterProfile } from '@/shared/adopter-profile';
import type { InterestHistoryEntry, InterestState, ResponseTime } from '@/shared/interest';
import type { AdoptionDetail, CheckinPrompt, HappyEnding } from '@/shared/follow-up';
import type { Photo } from '@/shared/photo';
import type { User } from '@/shared/user';

// A stored account; answers add `logged` through toApiUser.
export type MockUser = Omit<User, 'logged'> & { password: string; phone?: string | null };
export type StoredDog = Omit<Dog, 'user'>;
/** An uploaded photo and who uploaded it. */
export type StoredPhoto = Photo & { ownerId: number };

export type MockSeed = {
  users?: MockUser[];
  dogs?: StoredDog[];
  photos?: StoredPhoto[];
  interests?: StoredInterest[];
  /** Adopter profiles by user id. */
  adopterProfiles?: Record<number, AdopterProfile>;
  /** What GET /api/dog/:id/response-time answers, by dog id (default: no figure yet). */
  responseTimes?: Record<number, ResponseTime>;
  /** Closed adoptions with who is on each side. */
  adoptions?: StoredAdoption[];
  /** Check-in links by token (what GET /api/checkins/:token answers). */
  checkins?: Record<string, CheckinPrompt>;
  /** What GET /api/happy-endings answers (and /api/dog/:id/today, by dog). */
  happyEndings?: HappyEnding[];
  /** Starts with a session for this user (as if its cookie were valid). */
  loggedInAs?: MockUser | null;
};

/** An adoption as stored: the detail the API sends (its role set per caller), and both sides. */
export type StoredAdoption = { detail: AdoptionDetail; rescuerId: number; adopterId: number };

/** A "Me interesa" request as stored: the dog and the sender by id. */
export type StoredInterest = {
  id: number;
  dogId: number;
  senderId: number;
  message: string;
  phone: string | null;
  state: InterestState;
  /** Defaults to the request's creation as `new`. */
  history?: InterestHistoryEntry[];
  profile?: AdopterProfile | null;
  created_at: string;
  updated_at: string;
};

export class MockDb {
  users: MockUser[] = [];
  dogs: StoredDog[] = [];
  photos: StoredPhoto[] = [];
  sessionUserId: number | null = null;
  /** Live password reset links: token → user id (the mock's "outbox"). */
  resetTokens = new Map<string, number>();
  /** "Guardados": user id → saved dog ids, the last saved first. */
  favorites = new Map<number, number[]>();
  /** "Me interesa" requests, oldest first. */
  interests: StoredInterest[] = [];
  adopterProfiles = new Map<number, AdopterProfile>();
  responseTimes = new Map<number, ResponseTime>();
  adoptions: StoredAdoption[] = [];
  checkins = new Map<string, CheckinPrompt>();
  /** Check-in tokens already answered, with the answer. */
  checkinAnswers = new Map<string, unknown>();
  happyEndings: HappyEnding[] = [];

  constructor(seed: MockSeed = {}) {
    this.reset(seed);
  }

  reset({
    users = [],
    dogs = [],
    photos = [],
    interests = [],
    adopterProfiles = {},
    responseTimes = {},
    adoptions = [],
    checkins = {},
    happyEndings = [],
    loggedInAs = null,
  }: MockSeed = {}) {
    this.adoptions = structuredClone(adoptions);
    this.checkins = new Map(Object.entries(checkins));
    this.checkinAnswers = new Map();
    this.happyEndings = [...happyEndings];
    this.adopterProfiles = new Map(
      Object.entries(adopterProfiles).map(([id, profile]) => [Number(id), profile]),
    );
    this.responseTimes = new Map(
      Object.entries(responseTimes).map(([id, time]) => [Number(id), time]),
    );
    this.users = [...users];
    this.photos = [...photos];
    if (loggedInAs && !this.users.some((u) => u.id === loggedInAs.id)) this.users.push(loggedInAs);
    this.dogs = dogs.map((dog) => ({ ...dog }));
    this.sessionUserId = loggedInAs?.id ?? null;
    this.resetTokens = new Map();
    this.favorites = new Map();
    this.interests = interests.map((interest) => ({ ...interest }));
  }

  get sessionUser(): MockUser | undefined {
    return this.users.find((u) => u.id === this.sessionUserId);
  }

  nextUserId(): number {
    return Math.max(0, ...this.users.map((u) => u.id)) + 1;
  }

  nextPhotoId(): number {
    return Math.max(0, ...this.photos.map((p) => p.id)) + 1;
  }

  nextDogId(): number {
    return Math.max(0, ...this.dogs.map((d) => d.id)) + 1;
  }

  /** The dog as the API sends it: with the owner's contact only for a logged-in requester. */
  present(stored: StoredDog): Dog {
    const owner = this.users.find((u) => u.id === stored.hostage_id);
    // As the server: `image` is the cover photo when there is one, `image_url` what was typed.
    const photos = stored.photos ?? [];
    const dog = {
      ...stored,
      image: photos[0]?.url ?? stored.image,
      image_url: stored.image,
      photos,
    };
    // As the server: without a session the contact is there, empty.
    if (!this.sessionUser || !owner) return { ...dog, user: { name: '', email: '' } };
    const user = { name: owner.name, email: owner.email };
    return { ...dog, user: owner.phone ? { ...user, phone: owner.phone } : user };
  }

  /**
   * The photos `ids` stand for when `userId` attaches them to dog `dogId` (undefined for a new
   * dog), or the API's refusal as [status, message].
   */
  resolvePhotos(
    ids: readonly number[],
    userId: number,
    dogId?: number,
  ): Photo[] | [number, string] {
    const photos: Photo[] = [];
    for (const id of ids) {
      const photo = this.photos.find((p) => p.id === id);
      if (!photo) return [400, 'Una de las fotos no existe o ya fue eliminada'];
      if (photo.ownerId !== userId) return [403, 'Solo puedes usar tus propias fotos'];
      const holder = this.dogs.find((d) => d.id !== dogId && d.photos?.some((p) => p.id === id));
      if (holder) return [400, 'Una de las fotos ya está en otra publicación'];
      const { ownerId: _ownerId, ...shown } = photo;
      photos.push(shown);
    }
    return photos;
  }
}
