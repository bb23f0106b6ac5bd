/**
 * Publishing by the clock (docs/decisions/0015-scheduled-publishing.md): the minute cron's reads and
 * writes, and the alert mail the queue sends once per (story, subscriber). D1 implements them in
 * src/platform/d1/publishing-store.ts and alert-store.ts.
 */

/** A story the minute cron made public. */
export interface WentLiveStory {
  readonly uuid: string;
  readonly slug: string;
  readonly locale: string;
}

/** A gallery the minute cron released (docs/decisions/0036-gallery-release-time.md). */
export interface ReleasedGallery {
  readonly uuid: string;
  readonly key: string;
}

/** Go-live work recorded for a story (docs/decisions/0015-scheduled-publishing.md). */
export interface PublishEvent {
  readonly id: number;
  readonly story_uuid: string;
  /** Alert the story's subscribers (its `notify` and the newsroom's `notify_subscribers`). */
  readonly alerts: boolean;
  /** `schedule`: the minute cron made the story live; `import`: an import did. */
  readonly source?: 'schedule' | 'import';
  /** When it went live (the cron run's time, or the import's). */
  readonly live_at?: number;
}

/** A story as announcements need it: where it lives and what it is filed under. */
export interface AnnouncedStory {
  readonly uuid: string;
  readonly slug: string;
  readonly locale: string;
  readonly title: string;
  readonly summary: string;
  readonly category_ids: readonly number[];
  /** Still public now? (It may have been withdrawn since it went live.) */
  readonly is_public: boolean;
}

/** Publishing by the clock: the cron's reads and writes. */
export interface PublishingStore {
  /**
   * Makes every scheduled or embargoed story whose release time is at or before `now` published
   * and public, in one transaction with its counts, its publish event and the content-revision
   * bump. `runId` must be unique per run: two overlapping runs each report only their own stories.
   * Galleries whose release time has passed are released in the same transaction (one bump for both).
   */
  publishDue(now: number, runId: string): Promise<{ published: WentLiveStory[]; galleries: ReleasedGallery[]; revision: number | null }>;
  /** The content revision D1 holds now and its last withdrawal's (one statement). */
  cachePointers(): Promise<{ revision: number; lastWithdrawal: number } | null>;
  /**
   * Takes the events not yet handed to the queue (each taken by exactly one caller), including
   * those a run claimed more than EVENT_CLAIM_TIMEOUT_SECONDS ago and never handed over.
   */
  claimWaitingEvents(now: number, limit: number): Promise<PublishEvent[]>;
  /** Records that the queue took these events. */
  markHanded(ids: readonly number[], now: number): Promise<void>;
  /** Gives events back when the queue refused them, for the next run. */
  releaseEvents(ids: readonly number[]): Promise<void>;
  /** The stories named, as announcements need them (unknown uuids are left out). */
  announcedStories(uuids: readonly string[]): Promise<AnnouncedStory[]>;
}

/** A confirmed subscriber an alert goes to. */
export interface AlertRecipient {
  readonly id: number;
  readonly email: string;
  readonly token: string;
}

/** A delivery whose claim outlived ABANDONED_CLAIM_SECONDS unmarked: its consumer died. */
export interface AbandonedDelivery {
  readonly story_uuid: string;
  readonly subscriber_id: number;
}

/**
 * Alert mail to subscribers, exactly once per (story, subscriber): claimed, sent with the
 * delivery's idempotency key, then marked (docs/decisions/0035-exactly-once-alerts-and-search-push.md).
 */
export interface AlertStore {
  /**
   * Confirmed subscribers of the locale whose chosen categories meet the story's (all of them
   * when they chose none), by id after `afterId`.
   */
  recipients(input: { locale: string; categoryIds: readonly number[]; afterId: number; limit: number }): Promise<AlertRecipient[]>;
  /** The confirmed subscribers among `ids` (others have left since), by id. */
  recipientsByIds(ids: readonly number[]): Promise<AlertRecipient[]>;
  /**
   * Claims the delivery at `now`: a new one, or one claimed more than ABANDONED_CLAIM_SECONDS ago
   * and still unmarked (its consumer died). False when it is sent, failed, or being sent.
   */
  claimDelivery(storyUuid: string, subscriberId: number, now: number): Promise<boolean>;
  completeDelivery(storyUuid: string, subscriberId: number, now: number): Promise<void>;
  /** Gives the claim made at `claimedAt` back after a failed send, so a retry sends it. */
  releaseDelivery(storyUuid: string, subscriberId: number, claimedAt: number): Promise<void>;
  /** Records that the email API refused this subscriber's mail for good (not retried). */
  failDelivery(storyUuid: string, subscriberId: number, now: number): Promise<void>;
  /** Records that every alert of the story's event was handled. */
  finishAlerts(storyUuid: string, now: number): Promise<void>;
  /** Deliveries claimed more than ABANDONED_CLAIM_SECONDS before `now` and never marked, oldest first. */
  abandonedDeliveries(now: number, limit: number): Promise<AbandonedDelivery[]>;
  /** Forgets abandoned claims that will not be sent (story withdrawn, subscriber gone). */
  dropAbandoned(storyUuid: string, subscriberIds: readonly number[], now: number): Promise<void>;
}
