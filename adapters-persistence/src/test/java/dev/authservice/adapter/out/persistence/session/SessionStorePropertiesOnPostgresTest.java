package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.SkippedWithoutPostgres;
import dev.authservice.adapter.out.persistence.TestDatabase;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/** On PostgreSQL, where a rotation is one statement (rotation.sql). */
@AddLifecycleHook(SkippedWithoutPostgres.class)
class SessionStorePropertiesOnPostgresTest extends JdbcSessionStoreProperties {

    @Override
    protected TestDatabase newDatabase() {
        return TestDatabase.postgres();
    }
}
