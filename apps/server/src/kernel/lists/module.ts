import { defineModule } from '../module';
import { registerCsvExport } from './csv-export';
import { importJobHandlers, importSchedules } from './import-job';
import { registerCsvImport } from './import-routes';
import { savedViewRoutes } from './saved-views';

/** What every list of every area gets: saved views, CSV export and CSV import (as a job). */
export const listsModule = defineModule({
  key: 'lists',
  label: 'Lists',
  area: 'settings',
  jobs: importJobHandlers,
  schedules: importSchedules,
  async routes(app) {
    await savedViewRoutes(app);
    for (const resource of app.resources.all()) {
      registerCsvExport(app, resource);
      registerCsvImport(app, resource);
    }
  },
});
