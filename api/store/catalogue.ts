import type { Db } from "../db/connection";
import { notFound } from "../http/errors";
import type { ComponentType, ContainerType, FormDefinition } from "../demo/catalogue";
import type { Language, Localized } from "../languages";

/**
 * The assessment catalogue (customers, statements, components, forms, profiles, containers, report
 * bindings) read once after migration and seed. Nothing in the API changes it at run time, so every
 * request reads it from memory; only per-user state is queried.
 */
export interface Customer {
  cstm: string;
  userBase: string;
  name: string;
  languages: Language[];
  config: Record<string, unknown>;
  enableRegistration: boolean;
  enableAnonRegistration: boolean;
  /** Pages of the area, extensions added and exclusions removed. */
  pages: Set<string>;
  selfRegisterProfileId: string | null;
}

export interface Statement {
  userBase: string;
  dpsmId: number;
  revision: number;
  texts: Localized;
}

export interface Component {
  compId: number;
  type: ComponentType;
  names: Localized;
  descriptions: Localized;
  durationS: number | null;
  skippable: boolean;
  formIdentifier: string | null;
}

export interface ProfileModule {
  prcmId: number;
  pccId: number;
  profileId: string;
  /** 1-based position inside the container. */
  stepNumber: number;
  component: Component;
}

export interface Container {
  pccId: number;
  profileId: string;
  type: ContainerType;
  icon: string;
  names: Localized;
  descriptions: Localized;
  modules: ProfileModule[];
}

export interface ReportBinding {
  rdbId: number;
  names: Localized;
  scaleCompIds: number[];
}

export interface Profile {
  id: string;
  userBase: string;
  name: string;
  description: string;
  allowAnonymous: boolean;
  containers: Container[];
  /** Every module of the profile, in container order. */
  modules: ProfileModule[];
  bindings: ReportBinding[];
}

export interface Catalogue {
  customers: Map<string, Customer>;
  statements: Map<string, Statement>;
  components: Map<number, Component>;
  forms: Map<string, FormDefinition>;
  profiles: Map<string, Profile>;
  modules: Map<number, ProfileModule>;
}

const json = <T>(text: string): T => JSON.parse(text) as T;

export function loadCatalogue(db: Db): Catalogue {
  const customers = new Map<string, Customer>();
  for (const row of db.prepare("SELECT * FROM customers").all() as {
    cstm: string;
    user_base: string;
    name: string;
    config_json: string;
    self_register_profile_id: string | null;
  }[]) {
    const config = json<Record<string, unknown>>(row.config_json);
    const area = config.area as { routes: string[] };
    const pages = new Set([...area.routes, ...((config.extensions as string[]) ?? [])]);
    for (const excluded of (config.exclude as string[]) ?? []) pages.delete(excluded);
    customers.set(row.cstm, {
      cstm: row.cstm,
      userBase: row.user_base,
      name: row.name,
      languages: config.language as Language[],
      config,
      enableRegistration: config.enableRegistration === true,
      enableAnonRegistration: config.enableAnonRegistration === true,
      pages,
      selfRegisterProfileId: row.self_register_profile_id,
    });
  }

  const statements = new Map<string, Statement>();
  for (const row of db.prepare("SELECT * FROM data_protection_statements").all() as {
    user_base: string;
    dpsm_id: number;
    revision: number;
    texts_json: string;
  }[]) {
    statements.set(row.user_base, { userBase: row.user_base, dpsmId: row.dpsm_id, revision: row.revision, texts: json(row.texts_json) });
  }

  const components = new Map<number, Component>();
  for (const row of db.prepare("SELECT * FROM components").all() as {
    comp_id: number;
    type: ComponentType;
    names_json: string;
    descriptions_json: string;
    duration_s: number | null;
    skippable: number;
    form_identifier: string | null;
  }[]) {
    components.set(row.comp_id, {
      compId: row.comp_id,
      type: row.type,
      names: json(row.names_json),
      descriptions: json(row.descriptions_json),
      durationS: row.duration_s,
      skippable: row.skippable === 1,
      formIdentifier: row.form_identifier,
    });
  }

  const forms = new Map<string, FormDefinition>();
  for (const row of db.prepare("SELECT form_identifier, definition_json FROM forms").all() as {
    form_identifier: string;
    definition_json: string;
  }[]) {
    forms.set(row.form_identifier, json(row.definition_json));
  }

  const profiles = new Map<string, Profile>();
  for (const row of db.prepare("SELECT * FROM profiles ORDER BY position").all() as {
    id: string;
    user_base: string;
    name: string;
    description: string;
    allow_anonymous: number;
  }[]) {
    profiles.set(row.id, {
      id: row.id,
      userBase: row.user_base,
      name: row.name,
      description: row.description,
      allowAnonymous: row.allow_anonymous === 1,
      containers: [],
      modules: [],
      bindings: [],
    });
  }

  const containers = new Map<number, Container>();
  for (const row of db.prepare("SELECT * FROM containers ORDER BY profile_id, position").all() as {
    pcc_id: number;
    profile_id: string;
    type: ContainerType;
    icon: string;
    names_json: string;
    descriptions_json: string;
  }[]) {
    const container: Container = {
      pccId: row.pcc_id,
      profileId: row.profile_id,
      type: row.type,
      icon: row.icon,
      names: json(row.names_json),
      descriptions: json(row.descriptions_json),
      modules: [],
    };
    containers.set(row.pcc_id, container);
    profiles.get(row.profile_id)?.containers.push(container);
  }

  const modules = new Map<number, ProfileModule>();
  for (const row of db.prepare("SELECT * FROM profile_modules ORDER BY pcc_id, position").all() as {
    prcm_id: number;
    pcc_id: number;
    comp_id: number;
  }[]) {
    const container = containers.get(row.pcc_id)!;
    const module: ProfileModule = {
      prcmId: row.prcm_id,
      pccId: row.pcc_id,
      profileId: container.profileId,
      stepNumber: container.modules.length + 1,
      component: components.get(row.comp_id)!,
    };
    container.modules.push(module);
    modules.set(row.prcm_id, module);
  }
  for (const profile of profiles.values()) profile.modules = profile.containers.flatMap((container) => container.modules);

  for (const row of db.prepare("SELECT * FROM report_bindings ORDER BY profile_id, position").all() as {
    rdb_id: number;
    profile_id: string;
    names_json: string;
    scale_comp_ids_json: string;
  }[]) {
    profiles
      .get(row.profile_id)
      ?.bindings.push({ rdbId: row.rdb_id, names: json(row.names_json), scaleCompIds: json(row.scale_comp_ids_json) });
  }

  return { customers, statements, components, forms, profiles, modules };
}

export function requireCustomer(catalogue: Catalogue, cstm: string): Customer {
  const customer = catalogue.customers.get(cstm);
  if (!customer) throw notFound("unknown_customer");
  return customer;
}

/** The data-protection statement that applies to a customer's users (one per user base). */
export function statementOf(catalogue: Catalogue, customer: Customer): Statement {
  const statement = catalogue.statements.get(customer.userBase);
  if (!statement) throw notFound("not_found");
  return statement;
}
