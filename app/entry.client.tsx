import { hydrateDocument } from "~/hydrate-document";

// The client entry's body is in the shell chunk, which every page loads anyway (decision 162).
hydrateDocument();
