import PodlineCLI
PodlineCommand.main()
