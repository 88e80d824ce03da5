package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.context.ApplicationContext;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.executor.ExecutorConfiguration;
import io.micronaut.scheduling.executor.ExecutorType;
import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** On JDK 17 blocking work runs on the IO pool, which has as many threads as the database has connections. */
class BlockingExecutorTest {

    @Test
    void theIoPoolHasAFixedThreadForEachConnectionOfTheDatabase() throws SQLException {
        assertEquals(10, ioThreadsWith(Map.of()));
        assertEquals(4, ioThreadsWith(Map.of("datasources.default.maximum-pool-size", 4)));
    }

    private static int ioThreadsWith(Map<String, Object> properties) throws SQLException {
        try (ApplicationContext context = ApplicationContext.run(properties, "test")) {
            ExecutorConfiguration io = context.getBean(ExecutorConfiguration.class,
                    Qualifiers.byName(TaskExecutors.IO));
            int connections = context.getBean(DataSource.class).unwrap(HikariDataSource.class).getMaximumPoolSize();
            assertEquals(ExecutorType.FIXED, io.getType());
            assertEquals(connections, io.getNumberOfThreads());
            return io.getNumberOfThreads();
        }
    }
}
