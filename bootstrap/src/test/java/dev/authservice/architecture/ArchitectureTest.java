package dev.authservice.architecture;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Checks the dependency rule on the real modules (bootstrap's classpath holds all of them), and shows that each rule
 * does fail on a fixture that breaks it, so that a renamed package cannot turn the rules into silent passes.
 */
class ArchitectureTest {

    private static final String ROOT = "dev.authservice";
    private static final String BROKEN = ROOT + ".architecture.fixture.broken";

    /** Test classes are left out, in a directory and in a module's test jar (the application's fixtures are here). */
    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages(ROOT);

    private static final JavaClasses BROKEN_FIXTURE = new ClassFileImporter().importPackages(BROKEN);

    @TestFactory
    List<DynamicTest> theModulesFollowTheDependencyRule() {
        return new HexagonRules(ROOT).all().stream()
                .map(rule -> DynamicTest.dynamicTest(rule.getDescription(), () -> rule.check(PRODUCTION)))
                .toList();
    }

    @Test
    void everyLayerTheRulesNameHasClasses() {
        // The persistence sub-packages are listed too: the rule between them checks nothing unless two have classes.
        for (String layer : List.of("domain", "application.port.in", "application.port.out", "application.service",
                "adapter.in.web", "adapter.out.persistence", "adapter.out.persistence.audit",
                "adapter.out.persistence.login", "adapter.out.persistence.order", "adapter.out.persistence.session",
                "adapter.out.persistence.user", "adapter.out.crypto", "adapter.out.telemetry", "adapter.out.unicode",
                "bootstrap")) {
            String pkg = ROOT + "." + layer;
            assertTrue(PRODUCTION.stream().anyMatch(c -> c.getPackageName().startsWith(pkg)),
                    "no classes in " + pkg + ": a rule about it would pass without checking anything");
        }
    }

    @TestFactory
    List<DynamicTest> everyRuleFailsOnCodeThatBreaksIt() {
        assertFalse(BROKEN_FIXTURE.isEmpty(), "the broken fixture must be on the test classpath");
        return new HexagonRules(BROKEN).all().stream()
                .map(rule -> DynamicTest.dynamicTest("fails: " + rule.getDescription(),
                        () -> assertThrows(AssertionError.class, () -> rule.check(BROKEN_FIXTURE))))
                .toList();
    }
}
