package dev.authservice.adapter.out.persistence.user;

import dev.authservice.application.user.port.out.UsernameSkeletons;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * The migrations written in Java, beside the SQL ones in {@code db/migration}: micronaut-flyway hands Flyway the
 * array named for the datasource. A migration is in Java only where its rule is the domain's.
 */
@Factory
class JavaMigrations {

    @Singleton
    @Named("default")
    JavaMigration[] javaMigrations(UsernameSkeletons skeletons) {
        return new JavaMigration[] {new UsernamesInCaseMappedForm(), new UniqueUsernameSkeletons(skeletons)};
    }
}
