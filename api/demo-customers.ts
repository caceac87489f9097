/**
 * The demo customers of shared/spec/demo-data.md, as getConfiguration returns them.
 */
const passwordRequirements = {
  minLength: 8,
  minUppercase: 1,
  minLowercase: 1,
  minNumbers: 1,
  noSpaces: true,
  noLineBreaks: true,
};

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

const base = {
  extensions: [] as string[],
  exclude: [] as string[],
  texts: {},
  videos: [],
  componentNameMap: {},
  passwordRequirements,
  contact: { supportEmail: "support@example.com", legalNoticeUrl: "https://example.com/impressum" },
};

export const DEMO_CUSTOMERS: Record<string, Record<string, unknown>> = {
  demo: {
    ...base,
    cstm: "demo",
    name: "Demo AG",
    language: ["de-DU", "de", "en_GB", "hu", "it"],
    area: { name: "generic", root: "login", routes: GENERIC_PAGES, onSite: false },
    enableRegistration: true,
    enableAnonRegistration: true,
    style: { appearance: { overlay: true, showProgress: true }, primaryColor: "#0b5cad" },
  },
  "demo-vor-ort": {
    ...base,
    cstm: "demo-vor-ort",
    name: "Demo AG (vor Ort)",
    language: ["de-DU", "de", "en_GB"],
    area: { name: "generic-on-site", root: "login", routes: GENERIC_PAGES, onSite: true },
    enableRegistration: false,
    enableAnonRegistration: false,
    style: { appearance: { overlay: true, showProgress: true }, primaryColor: "#0b5cad" },
  },
  azubi: {
    ...base,
    cstm: "azubi",
    name: "Azubi-Portal",
    language: ["de"],
    area: {
      name: "trainee",
      root: "login",
      routes: ["home", "home-on-site", "passwort-aendern", "login", "forgot-password", "reset-password", "profileChooser", "FAQ", "assessment", "report"],
      onSite: false,
    },
    enableRegistration: false,
    enableAnonRegistration: false,
    style: { appearance: { overlay: true, showProgress: true }, primaryColor: "#2e7d32" },
  },
  initiativ: {
    ...base,
    cstm: "initiativ",
    name: "Initiativbewerbung",
    language: ["de-DU", "en_GB"],
    area: {
      name: "initiative",
      root: "landing",
      routes: ["login", "landing", "registration", "forgot-password", "reset-password", "account-activation", "activation", "profileChooser", "home", "FAQ", "profile", "assessment", "page-not-found"],
      onSite: false,
    },
    exclude: ["FAQ"],
    enableRegistration: true,
    enableAnonRegistration: true,
    style: { appearance: { overlay: true, showProgress: true }, primaryColor: "#6a1b9a" },
  },
  preview: {
    ...base,
    cstm: "preview",
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
    style: { appearance: { overlay: false, showProgress: false }, primaryColor: "#ad5b0b" },
  },
};
