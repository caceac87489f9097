/**
 * Reading an entity's plain fields (as handed over by app/upstream) and collecting every problem, so
 * that one error names all missing or malformed fields at once, like InvalidProfileError does.
 * "Absent" means undefined or null: JSON has no other way to leave a field out.
 */
export type PlainFields<K extends string> = Partial<Record<K, unknown>>;

const isAbsent = (value: unknown): value is null | undefined => value === undefined || value === null;

export class FieldReader<K extends string> {
  readonly problems: string[] = [];

  constructor(private readonly fields: PlainFields<K>) {}

  has(key: K): boolean {
    return !isAbsent(this.fields[key]);
  }

  /** A required identifier: a finite number or a non-blank string. */
  identifier(key: K): number | string {
    const value = this.fields[key];
    if ((typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && value.trim() !== "")) {
      return value;
    }
    this.problems.push(key);
    return "";
  }

  /** A required positive integer (the spec's numeric ids). */
  positiveInteger(key: K): number {
    const value = this.fields[key];
    if (typeof value === "number" && Number.isInteger(value) && value > 0) return value;
    this.problems.push(key);
    return 0;
  }

  /** A required string that is not blank. */
  nonBlankString(key: K): string {
    const value = this.fields[key];
    if (typeof value === "string" && value.trim() !== "") return value;
    this.problems.push(key);
    return "";
  }

  /** An optional string: absent gives the fallback. */
  string(key: K, fallback: string): string;
  string(key: K, fallback: null): string | null;
  string(key: K, fallback: string | null): string | null {
    const value = this.fields[key];
    if (isAbsent(value)) return fallback;
    if (typeof value === "string") return value;
    this.problems.push(key);
    return fallback;
  }

  /** An optional value out of a fixed set: absent gives the fallback. */
  oneOf<T extends string>(key: K, allowed: readonly T[], fallback: T): T {
    const value = this.fields[key];
    if (isAbsent(value)) return fallback;
    if (allowed.includes(value as T)) return value as T;
    this.problems.push(key);
    return fallback;
  }

  /** An optional finite number: absent gives null. */
  number(key: K): number | null {
    const value = this.fields[key];
    if (isAbsent(value)) return null;
    if (typeof value === "number" && Number.isFinite(value)) return value;
    this.problems.push(key);
    return null;
  }

  /** An optional boolean: absent gives the fallback. */
  boolean(key: K, fallback: boolean): boolean {
    const value = this.fields[key];
    if (isAbsent(value)) return fallback;
    if (typeof value === "boolean") return value;
    this.problems.push(key);
    return fallback;
  }

  /** An optional point in time, as a Date or an ISO 8601 string: absent gives null. */
  date(key: K): Date | null {
    const value = this.fields[key];
    if (isAbsent(value)) return null;
    const date = value instanceof Date ? new Date(value.getTime()) : typeof value === "string" ? new Date(value) : null;
    if (date && !Number.isNaN(date.getTime())) return date;
    this.problems.push(key);
    return null;
  }

  /** An optional list whose every item passes the test: absent gives an empty list. */
  list<T>(key: K, isItem: (item: unknown) => item is T): T[] {
    const value = this.fields[key];
    if (isAbsent(value)) return [];
    if (Array.isArray(value) && value.every(isItem)) return [...value];
    this.problems.push(key);
    return [];
  }
}
