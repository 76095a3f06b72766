import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/app-config';
import { databaseOptions } from './database-options';
import { exclusiveSqliteTransactions } from './exclusive-sqlite-transactions';

@Module({})
export class DatabaseModule {
  static forRoot(config: DatabaseConfig): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ ...databaseOptions(config), autoLoadEntities: true }),
          // PostgreSQL gives each transaction a connection of its own; SQLite has only the one.
          dataSourceFactory: async (options) => {
            const dataSource = new DataSource(options as DataSourceOptions);
            return dataSource.options.type === 'better-sqlite3' ? exclusiveSqliteTransactions(dataSource) : dataSource;
          },
        }),
      ],
    };
  }
}
