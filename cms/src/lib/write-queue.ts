/**
 * An in-memory write-behind queue: rows are inserted in bulk every `flushEveryMs` or as soon as `flushAtRows`
 * are waiting, one insert at a time. A failed insert keeps its rows and is retried after `flushEveryMs`, so an
 * accepted row is stored once the database answers again (or lost only if the process dies first). `maxRows`
 * bounds the memory: a full queue refuses new rows and the caller says so. After close(), each row is written
 * at once and push() resolves when it is stored.
 */
export interface WriteQueueOptions<T> {
  insert(rows: T[]): Promise<void>;
  flushEveryMs: number;
  flushAtRows: number;
  maxRows: number;
  onError(error: unknown, waiting: number): void;
}

export class QueueFullError extends Error {
  constructor(readonly waiting: number) {
    super(`write queue full (${waiting} rows waiting)`);
  }
}

export class WriteQueue<T> {
  private rows: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<boolean> | null = null;
  private closed = false;

  constructor(private readonly options: WriteQueueOptions<T>) {}

  /** Rows accepted and not yet stored. */
  get waiting(): number {
    return this.rows.length;
  }

  /** Queues one row; throws QueueFullError when maxRows are already waiting. */
  async push(row: T): Promise<void> {
    if (this.rows.length >= this.options.maxRows) throw new QueueFullError(this.rows.length);
    this.rows.push(row);
    if (this.closed) {
      await this.flush();
    } else if (this.rows.length >= this.options.flushAtRows) {
      void this.flush();
    } else {
      this.schedule();
    }
  }

  /** Inserts everything waiting; resolves true when the queue is empty, false when an insert failed. */
  flush(): Promise<boolean> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.draining) {
      this.draining = this.drain().finally(() => {
        this.draining = null;
      });
    }
    return this.draining;
  }

  /** Stops the timer and writes what is waiting, retrying a few times; returns the rows that could not be stored. */
  async close(attempts = 5): Promise<number> {
    this.closed = true;
    for (let attempt = 0; attempt < attempts && this.rows.length > 0; attempt++) {
      if (await this.flush()) break;
      await new Promise((resolve) => setTimeout(resolve, this.options.flushEveryMs));
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.rows.length;
  }

  private async drain(): Promise<boolean> {
    while (this.rows.length > 0) {
      const batch = this.rows.slice(0, this.options.flushAtRows);
      try {
        await this.options.insert(batch);
      } catch (error) {
        this.options.onError(error, this.rows.length);
        this.schedule();
        return false;
      }
      this.rows.splice(0, batch.length);
    }
    return true;
  }

  private schedule() {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.flushEveryMs);
    this.timer.unref?.();
  }
}
