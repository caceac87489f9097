import { z } from "zod";
import { isCalendarDate } from "~/domain/calendar-date";

/** A date field of the recruiter's forms (open-until, assignments): trimmed, a real day, one message for all. */
export const recruiterDateSchema = z
  .string()
  .trim()
  .max(10, "recruiter:list.errors.date")
  .refine(isCalendarDate, "recruiter:list.errors.date");
