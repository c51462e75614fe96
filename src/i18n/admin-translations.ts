/**
 * Corrections to Payload's own back-office texts (@payloadcms/translations), per language, merged
 * over Payload's by the config's `i18n.translations`.
 *
 * Payload fills `{{label}}` with a collection's or field's name whatever its grammatical gender:
 * its Catalan says "Dia tancat creada correctament" and "Crea nou Sortida", its French
 * "un(e) nouveau ou nouvelle". A template cannot agree with every name, so these read the same
 * for any: the name after a colon, or next to a noun of their own ("registre", "élément").
 * The rest are Payload's mistakes: "Obert Menu" for the menu button (an adjective, not "open"),
 * typos ("Estas apunt de").
 */
export const adminTranslations = {
  ca: {
    general: {
      // Payload's own Catalan has a typo on every list's page-size menu.
      perPage: 'Per pàgina: {{limit}}',
      open: 'Obre',
      menu: 'el menú',
      createNew: 'Crea',
      createNewLabel: 'Registre nou: {{label}}',
      creatingNewLabel: 'Creant un registre nou: {{label}}',
      newLabel: 'Registre nou: {{label}}',
      successfullyCreated: 'S’ha creat correctament: {{label}}.',
      successfullyDuplicated: 'S’ha duplicat correctament: {{label}}.',
      updatedLabelSuccessfully: 'S’ha actualitzat correctament: {{label}}.',
      titleDeleted: 'S’ha eliminat correctament: {{label}} «{{title}}».',
      deletedCountSuccessfully: 'S’han eliminat correctament: {{count}} ({{label}}).',
      updatedCountSuccessfully: 'S’han actualitzat correctament: {{count}} ({{label}}).',
      selectedCount: 'Seleccionats: {{count}} ({{label}})',
      selectAll: 'Selecciona-ho tot: {{count}} ({{label}})',
      showAllLabel: 'Mostra-ho tot: {{label}}',
      aboutToDelete: 'Estàs a punt d’eliminar <1>{{title}}</1> ({{label}}). N’estàs segur?',
      aboutToDeleteCount_many: 'Estàs a punt d’eliminar {{count}} registres ({{label}})',
      aboutToDeleteCount_one: 'Estàs a punt d’eliminar {{count}} registre ({{label}})',
      aboutToDeleteCount_other: 'Estàs a punt d’eliminar {{count}} registres ({{label}})',
      noResults:
        'No s’ha trobat cap registre ({{label}}): encara no n’hi ha cap, o cap no coincideix amb els filtres indicats.',
    },
    fields: {
      // Payload's create-drawer button fills {{label}} with the collection's raw four-language name
      // ("[object Object]"): the button says what it does, the field beside it says what.
      addNewLabel: 'Crea un registre nou',
      newLabel: 'Registre nou: {{label}}',
      selectExistingLabel: 'Tria un registre existent: {{label}}',
      uploadNewLabel: 'Puja un fitxer nou: {{label}}',
    },
  },
  es: {
    general: {
      menu: 'el menú',
      newLabel: 'Nuevo registro: {{label}}',
      successfullyCreated: 'Se ha creado correctamente: {{label}}.',
      successfullyDuplicated: 'Se ha duplicado correctamente: {{label}}.',
      updatedLabelSuccessfully: 'Se ha actualizado correctamente: {{label}}.',
      titleDeleted: 'Se ha eliminado correctamente: {{label}} «{{title}}».',
      selectedCount: 'Seleccionados: {{count}} ({{label}})',
    },
    fields: {
      addNewLabel: 'Crear un registro nuevo',
      newLabel: 'Nuevo registro: {{label}}',
      selectExistingLabel: 'Elegir un registro existente: {{label}}',
    },
  },
  fr: {
    general: {
      menu: 'le menu',
      createNew: 'Créer',
      createNewLabel: 'Nouvel élément : {{label}}',
      creatingNewLabel: 'Création d’un nouvel élément : {{label}}',
      newLabel: 'Nouvel élément : {{label}}',
      successfullyCreated: 'Création réussie : {{label}}.',
      successfullyDuplicated: 'Duplication réussie : {{label}}.',
      updatedLabelSuccessfully: 'Mise à jour réussie : {{label}}.',
      titleDeleted: 'Suppression réussie : {{label}} « {{title}} ».',
      deletedCountSuccessfully: 'Suppression réussie : {{count}} ({{label}}).',
      updatedCountSuccessfully: 'Mise à jour réussie : {{count}} ({{label}}).',
      selectedCount: 'Sélectionnés : {{count}} ({{label}})',
      aboutToDelete: 'Vous êtes sur le point de supprimer <1>{{title}}</1> ({{label}}). Êtes-vous sûr ?',
      noResults:
        'Aucun élément trouvé ({{label}}) : soit il n’en existe pas encore, soit aucun ne correspond aux filtres indiqués.',
    },
    fields: {
      addNewLabel: 'Créer un nouvel élément',
      newLabel: 'Nouvel élément : {{label}}',
      selectExistingLabel: 'Choisir un élément existant : {{label}}',
      uploadNewLabel: 'Téléverser un nouveau fichier : {{label}}',
    },
  },
  en: {
    fields: {
      addNewLabel: 'Create a new record',
    },
  },
};
