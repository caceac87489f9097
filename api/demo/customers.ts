import type { Language } from "../languages";
import { customerTexts } from "./texts";

/**
 * The demo customers of shared/spec/demo-data.md. `config` is exactly what getConfiguration returns
 * (the app parses it with the schema in app/upstream/configuration.server.ts; docs/api.md).
 */
export interface DemoCustomer {
  cstm: string;
  /** Users and profiles live in a user base; demo and demo-vor-ort share one (docs/api.md). */
  userBase: string;
  /** Profile a self-registration without profileId gets. */
  selfRegisterProfileId: string | null;
  config: Record<string, unknown> & { name: string; language: Language[] };
}

export const PASSWORD_REQUIREMENTS = {
  minLength: 8,
  minUppercase: 1,
  minLowercase: 1,
  minNumbers: 1,
  noSpaces: true,
  noLineBreaks: true,
};

const SUPPORT_EMAIL = "support@example.com";

const GENERIC_PAGES = [
  "home",
  "login",
  "forgot-password",
  "reset-password",
  "profileChooser",
  "FAQ",
  "profile",
  "assessment",
  "report",
  "support",
  "registration",
  "account-activation",
  "activation",
  "landing",
  "page-not-found",
];

const WELCOME_VIDEO = {
  id: "welcome",
  title: {
    de: "Willkommen bei der Demo AG",
    "de-DU": "Willkommen bei der Demo AG",
    en_GB: "Welcome to Demo AG",
    hu: "Üdvözöljük a Demo AG-nél",
    it: "Benvenuti in Demo AG",
  },
  src: "/api/media/welcome.webm",
  poster: "/api/media/welcome-poster.svg",
  type: "video/webm",
};

interface CustomerInput {
  cstm: string;
  userBase: string;
  selfRegisterProfileId: string | null;
  name: string;
  language: Language[];
  area: { name: string; root: string; routes: string[]; onSite: boolean };
  exclude?: string[];
  enableRegistration: boolean;
  enableAnonRegistration: boolean;
  /** Password reset and change (decision 122); absent: the registration flag decides (R-VAL-09). */
  enablePasswordSelfService?: boolean;
  appearance: { overlay: boolean; showProgress: boolean };
  primaryColor: string;
  videos?: unknown[];
}

function customer(input: CustomerInput): DemoCustomer {
  const exclude = input.exclude ?? [];
  const pages = input.area.routes.filter((page) => !exclude.includes(page));
  return {
    cstm: input.cstm,
    userBase: input.userBase,
    selfRegisterProfileId: input.selfRegisterProfileId,
    config: {
      cstm: input.cstm,
      name: input.name,
      language: input.language,
      area: input.area,
      extensions: [],
      exclude,
      enableRegistration: input.enableRegistration,
      enableAnonRegistration: input.enableAnonRegistration,
      ...(input.enablePasswordSelfService === undefined ? {} : { enablePasswordSelfService: input.enablePasswordSelfService }),
      style: {
        appearance: { ...input.appearance, logo: `/api/media/logo-${input.cstm}.svg` },
        primaryColor: input.primaryColor,
      },
      texts: customerTexts({
        languages: input.language,
        supportEmail: SUPPORT_EMAIL,
        faq: pages.includes("FAQ"),
        newsletter: pages.includes("newsletter"),
      }),
      videos: input.videos ?? [],
      componentNameMap: {},
      passwordRequirements: PASSWORD_REQUIREMENTS,
      contact: { supportEmail: SUPPORT_EMAIL, legalNoticeUrl: "https://example.com/impressum" },
    },
  };
}

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  customer({
    cstm: "demo",
    userBase: "demo",
    selfRegisterProfileId: "P500",
    name: "Demo AG",
    language: ["de-DU", "de", "en_GB", "hu", "it"],
    area: { name: "generic", root: "login", routes: GENERIC_PAGES, onSite: false },
    enableRegistration: true,
    enableAnonRegistration: true,
    appearance: { overlay: true, showProgress: true },
    primaryColor: "#0b5cad",
    videos: [WELCOME_VIDEO],
  }),
  customer({
    cstm: "demo-vor-ort",
    userBase: "demo",
    selfRegisterProfileId: null,
    name: "Demo AG (vor Ort)",
    language: ["de-DU", "de", "en_GB"],
    area: { name: "generic-on-site", root: "login", routes: GENERIC_PAGES, onSite: true },
    enableRegistration: false,
    enableAnonRegistration: false,
    appearance: { overlay: true, showProgress: true },
    primaryColor: "#0b5cad",
  }),
  customer({
    cstm: "azubi",
    userBase: "azubi",
    selfRegisterProfileId: null,
    name: "Azubi-Portal",
    language: ["de"],
    area: {
      name: "trainee",
      root: "login",
      routes: [
        "home",
        "home-on-site",
        "passwort-aendern",
        "login",
        "forgot-password",
        "reset-password",
        "profileChooser",
        "FAQ",
        "assessment",
        "report",
      ],
      onSite: false,
    },
    enableRegistration: false,
    enableAnonRegistration: false,
    enablePasswordSelfService: true,
    appearance: { overlay: true, showProgress: true },
    primaryColor: "#2e7d32",
  }),
  customer({
    cstm: "initiativ",
    userBase: "initiativ",
    selfRegisterProfileId: "P700",
    name: "Initiativbewerbung",
    language: ["de-DU", "en_GB"],
    area: {
      name: "initiative",
      root: "landing",
      routes: [
        "login",
        "landing",
        "registration",
        "forgot-password",
        "reset-password",
        "account-activation",
        "activation",
        "profileChooser",
        "home",
        "FAQ",
        "profile",
        "assessment",
        "page-not-found",
      ],
      onSite: false,
    },
    exclude: ["FAQ"],
    enableRegistration: true,
    enableAnonRegistration: true,
    appearance: { overlay: true, showProgress: true },
    primaryColor: "#6a1b9a",
  }),
  customer({
    cstm: "preview",
    userBase: "preview",
    selfRegisterProfileId: null,
    name: "Vorschau",
    language: ["de-DU"],
    area: {
      name: "preview",
      root: "login",
      routes: ["newsletter", "login", "forgot-password", "reset-password", "profileChooser", "home", "assessment"],
      onSite: false,
    },
    enableRegistration: false,
    enableAnonRegistration: false,
    appearance: { overlay: false, showProgress: false },
    primaryColor: "#ad5b0b",
  }),
];
