<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>h5ckpt</arg>
  <arg>-n</arg>
  <arg>1024</arg>
  <arg>-i</arg>
  <arg>5000</arg>
  <arg>-e</arg>
  <arg>250</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="4.132644487" ratio="72.375" trace-length="20844" signature-length="288" messages-matched="10000"/>
 <sites>
  <site id="0" module="h5ckpt" offset="51973" function="main"/>
  <site id="1" module="h5ckpt" offset="52471" function="main"/>
  <site id="2" module="h5ckpt" offset="2169126" function="H5FD_mpi_comm_info_dup"/>
  <site id="3" module="h5ckpt" offset="2175458" function="H5FD__mpio_open" file="H5FDmpio.o"/>
  <site id="4" module="h5ckpt" offset="2175638" function="H5FD__mpio_open" file="H5FDmpio.o"/>
  <site id="5" module="h5ckpt" offset="2169659" function="H5FD_mpi_comm_info_free"/>
  <site id="6" module="h5ckpt" offset="53280" function="main"/>
  <site id="7" module="h5ckpt" offset="53339" function="main"/>
  <site id="8" module="h5ckpt" offset="53976" function="main"/>
  <site id="9" module="h5ckpt" offset="2165260" function="H5D__mpio_opt_possible"/>
  <site id="10" module="h5ckpt" offset="2171985" function="H5FD__mpio_write" file="H5FDmpio.o"/>
  <site id="11" module="h5ckpt" offset="2172260" function="H5FD__mpio_write" file="H5FDmpio.o"/>
  <site id="12" module="h5ckpt" offset="2172110" function="H5FD__mpio_write" file="H5FDmpio.o"/>
  <site id="13" module="h5ckpt" offset="2125864" function="H5AC__run_sync_point"/>
  <site id="14" module="h5ckpt" offset="2171764" function="H5FD__mpio_write" file="H5FDmpio.o"/>
  <site id="15" module="h5ckpt" offset="2125937" function="H5AC__run_sync_point"/>
  <site id="16" module="h5ckpt" offset="2170097" function="H5FD__mpio_truncate" file="H5FDmpio.o"/>
  <site id="17" module="h5ckpt" offset="2170746" function="H5FD__mpio_flush" file="H5FDmpio.o"/>
  <site id="18" module="h5ckpt" offset="235562" function="H5C_protect"/>
  <site id="19" module="h5ckpt" offset="2170895" function="H5FD__mpio_close" file="H5FDmpio.o"/>
  <site id="20" module="h5ckpt" offset="53908" function="main"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
  <comm id="1" gid="1292832255972218122" created-by="MPI_Comm_dup" parent-slot="0" members="0 1"/>
  <comm id="2" gid="4565969118954388142" created-by="MPI_Comm_dup" parent-slot="2" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="10426" time-ns="4196681612" compute-ns="2621663946" mpi-ns="1543280359" per-event-ns="577" comms="0 - 1 2"/>
  <rank id="1" class="1" events="10418" time-ns="4167952257" compute-ns="3562629968" mpi-ns="577460520" per-event-ns="247" comms="0 - 1 2"/>
 </ranks>
 <class id="0" ranks="0" program="6" events="10426" length="167" time-ns="4196681612">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="6474" max="6474" shift="577"/>
   <duration min="32293344" max="32293344"/>
  </symbol>
  <symbol id="1" call="MPI_Bcast" comm="0" dtsize="8" site="1" prev-site="0" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" events="1" count="1" bytes="8"/>
   <compute min="11551" max="11551" shift="577"/>
   <duration min="8343" max="8343"/>
  </symbol>
  <symbol id="2" call="MPI_Comm_dup" comm="0" newcomm="2" site="2" prev-site="1" occurrences="1" ws="3796992" ws-samples="1">
   <side role="member" events="1" count="0"/>
   <compute min="526337" max="526337" shift="577"/>
   <compute-cpu min="523558" max="523558" shift="577"/>
   <duration min="64196" max="64196"/>
  </symbol>
  <symbol id="3" call="MPI_Comm_dup" comm="2" newcomm="3" site="2" prev-site="2" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="20894" max="20894" shift="577"/>
   <duration min="376121" max="376121"/>
  </symbol>
  <symbol id="4" call="MPI_File_open" comm="3" obj="0" site="3" prev-site="2" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="3148" max="3148" shift="577"/>
   <duration min="712673" max="712673"/>
  </symbol>
  <symbol id="5" call="MPI_Bcast" comm="3" dtsize="1" site="4" prev-site="3" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" events="1" count="8" bytes="8"/>
   <compute min="7379" max="7379" shift="577"/>
   <duration min="261" max="261"/>
  </symbol>
  <symbol id="6" call="MPI_Comm_free" comm="2" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="357106" max="357106" shift="577"/>
   <compute-cpu min="355819" max="355819" shift="577"/>
   <duration min="4236" max="4236"/>
  </symbol>
  <symbol id="7" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="6" prev-site="5" occurrences="1" match2="0">
   <peer kind="null"/>
   <peer2 kind="rel" value="1"/>
   <side role="member" events="1" count="1024" bytes="8192" rbytes="8192"/>
   <compute min="19783" max="19783" shift="577"/>
   <duration min="25568" max="25568"/>
  </symbol>
  <symbol id="8" call="MPI_Sendrecv" comm="0" tag="2" tag2="2" dtsize="8" site="7" prev-site="6" occurrences="5000" match="1">
   <peer kind="rel" value="1"/>
   <peer2 kind="null"/>
   <side role="member" events="5000" rbytes-events="0" count="1024" bytes="8192"/>
   <compute mean="315.84" min="0" max="7049" shift="577" zeros="2687" buckets="50:12 175:9 218:9 250:7 265:9 282:7 298:9 307:10 314:11 323:4 331:11 339:5 346:3 352:3 356:4 360:4 364:5 368:10 372:9 376:14 380:14 384:11 388:18 392:19 396:19 400:18 402:21 404:21 406:20 408:26 410:30 412:50 414:21 416:37 418:25 420:33 422:46 424:34 426:47 428:38 430:32 432:31 434:21 436:30 439:70 443:69 447:63 450:59 452:59 454:40 456:52 458:44 460:41 462:36 464:33 466:33 468:30 470:45 472:42 474:31 476:39 478:40 480:30 482:37 484:38 486:36 488:41 490:25 492:29 494:33 496:21 498:32 500:24 501:21 502:25 503:14 504:18 505:14 506:15 507:17 508:13 509:17 510:8 511:7 512:13 513:7 514:3 515:12 516:3 517:7 518:4 519:4 520:5 521:5 522:5 524:6 526:3 528:7 530:5 532:2 534:2 536:4 540:3 542:1 546:1 548:1 550:2 551:1 552:2 553:1 556:1 557:1 558:1 560:2 561:4 562:1 563:1 564:2 566:1 567:1 568:1 569:2 570:1 571:2 572:1 577:1 578:1 585:2 586:2 588:2 590:1 594:1 598:1 600:1 601:1 602:2 603:2 604:1 606:1 611:1 614:1 619:1 627:1 636:1"/>
   <duration mean="1543.4302" min="751" max="38418" buckets="473:1 477:1 478:2 479:2 480:2 481:1 482:3 483:6 484:6 485:7 486:6 487:7 488:6 489:9 490:9 491:16 492:13 493:28 494:20 495:22 496:28 497:27 498:31 499:35 500:65 501:61 502:97 503:95 504:114 505:113 506:120 507:134 508:132 509:138 510:146 511:158 512:183 513:140 514:173 515:158 516:231 517:141 518:146 519:123 520:130 521:130 522:138 523:106 524:102 525:100 526:99 527:101 528:94 529:84 530:87 531:67 532:66 533:55 534:65 535:42 536:41 537:43 538:33 539:37 540:29 541:20 542:15 543:26 544:20 545:14 546:17 547:15 548:8 549:14 550:24 551:17 552:15 553:14 554:7 555:10 556:6 557:6 558:2 559:1 560:6 561:4 562:1 563:1 564:1 565:4 566:1 567:2 568:2 569:1 570:2 573:1 575:1 576:1 577:2 578:1 583:2 584:2 585:1 586:3 588:1 589:4 590:2 591:1 592:2 593:2 595:1 596:1 598:1 599:2 600:2 601:1 603:2 608:1 609:1 610:1 614:1 615:2 616:1 617:1 624:1 625:1 626:1 629:1 634:7 635:1 636:4 638:3 639:2 640:1 641:3 642:3 643:3 644:4 645:2 646:1 647:3 648:2 650:2 651:2 652:3 653:1 655:1 656:1 661:2 662:1 663:2 664:1 665:2 666:1 668:1 669:1 670:3 671:1 672:1 674:2 675:1 737:1 739:1 758:1"/>
  </symbol>
  <symbol id="9" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="6" prev-site="7" occurrences="4900" ws="8773632" ws-samples="15" match2="2">
   <peer kind="null"/>
   <peer2 kind="rel" value="1"/>
   <side role="member" events="4900" count="1024" bytes="8192" rbytes="8192"/>
   <compute mean="514286.9808163265" min="468131" max="3064550" shift="577" buckets="939:19 940:318 941:745 942:729 943:546 944:379 945:303 946:247 947:273 948:203 949:172 950:220 951:138 952:97 953:47 954:42 955:33 956:34 957:15 958:25 959:25 960:20 961:31 962:28 963:19 964:21 965:23 966:24 967:16 968:20 969:22 970:14 971:16 972:7 973:5 974:6 975:1 976:1 977:1 978:1 979:1 980:2 981:2 983:1 988:1 1004:1 1007:1 1008:1 1051:1 1065:1 1067:1 1073:1"/>
   <compute-cpu mean="511589.0795918367" min="466959" max="3055037" shift="577" buckets="939:59 940:465 941:769 942:710 943:478 944:346 945:277 946:256 947:266 948:215 949:157 950:206 951:126 952:83 953:46 954:35 955:25 956:33 957:12 958:28 959:24 960:23 961:35 962:21 963:21 964:23 965:20 966:23 967:17 968:20 969:24 970:9 971:17 972:7 973:3 974:6 975:2 976:1 977:1 979:1 980:2 981:2 983:1 988:1 1007:2 1065:1 1072:1"/>
   <duration mean="230142.39102040816" min="480" max="11364554" buckets="443:1 450:2 457:1 458:1 460:3 461:1 463:4 464:3 465:1 466:2 468:6 469:8 470:3 471:6 472:2 473:2 474:1 475:5 476:9 477:5 478:5 479:6 480:6 481:9 482:10 483:11 484:7 485:12 486:9 487:12 488:4 489:13 490:9 491:12 492:17 493:9 494:10 495:16 496:11 497:9 498:12 499:6 500:27 501:14 502:24 503:16 504:13 505:24 506:20 507:26 508:15 509:18 510:11 511:12 512:16 513:16 514:8 515:10 516:16 517:8 518:12 519:9 520:11 521:15 522:2 523:10 524:7 525:9 526:8 527:7 528:10 529:8 530:3 531:6 532:14 533:3 534:11 535:9 536:7 537:7 538:8 539:10 540:5 541:5 542:8 543:5 544:5 545:7 546:9 547:9 548:9 549:3 550:17 551:14 552:15 553:17 554:16 555:16 556:19 557:15 558:12 559:16 560:12 561:19 562:22 563:11 564:17 565:20 566:18 567:16 568:13 569:15 570:16 571:19 572:13 573:12 574:15 575:14 576:12 577:17 578:18 579:14 580:15 581:20 582:9 583:20 584:6 585:24 586:17 587:18 588:21 589:17 590:15 591:8 592:7 593:12 594:16 595:11 596:11 597:14 598:10 599:11 600:29 601:18 602:25 603:21 604:20 605:27 606:25 607:16 608:27 609:14 610:22 611:18 612:22 613:17 614:13 615:21 616:20 617:12 618:9 619:15 620:15 621:10 622:15 623:9 624:11 625:12 626:11 627:10 628:9 629:6 630:5 631:5 632:3 633:5 634:5 635:10 636:7 637:8 638:2 639:5 640:2 641:2 642:6 643:3 644:2 645:6 646:3 647:3 648:3 649:6 650:6 651:9 652:11 653:8 654:7 655:11 656:1 657:1 658:6 659:4 660:8 661:5 662:7 663:3 664:2 665:5 666:2 668:3 669:8 670:1 671:3 672:3 673:3 675:1 676:3 677:6 679:5 681:2 683:1 684:1 685:3 686:1 687:1 688:1 689:2 690:2 691:3 693:2 694:3 695:5 696:1 697:2 698:3 699:2 700:7 701:5 702:11 703:2 704:8 705:4 707:1 709:3 710:3 711:3 712:1 713:3 714:2 715:3 716:3 717:7 718:3 719:4 720:1 721:4 722:4 723:5 724:1 725:3 726:3 727:3 728:4 729:3 730:1 731:2 732:3 733:1 734:4 735:2 736:1 738:3 739:1 740:6 741:3 743:5 745:1 747:4 749:1 750:7 751:2 752:1 753:4 754:7 755:6 756:3 757:1 758:2 759:6 760:1 761:3 762:3 763:11 764:2 765:4 767:6 768:2 769:1 770:1 771:3 772:1 773:3 774:3 776:2 777:4 778:3 779:2 780:5 781:1 782:2 783:3 784:6 785:5 786:2 788:4 789:4 790:2 791:5 793:3 794:7 795:2 796:2 797:2 798:2 799:4 800:4 801:5 802:10 803:2 804:7 805:3 806:9 807:7 808:4 809:9 810:2 811:3 812:6 813:3 814:4 815:2 816:4 817:3 818:6 819:10 820:4 821:1 822:6 823:5 824:4 825:6 826:1 827:3 828:3 829:4 830:6 831:2 832:3 833:2 834:6 835:2 836:3 837:3 838:3 839:4 840:4 841:1 842:2 843:1 844:4 845:2 846:3 847:2 848:3 849:7 850:6 851:10 852:6 853:10 854:6 855:9 856:5 857:7 858:5 859:10 860:6 861:5 862:10 863:7 864:8 865:10 866:7 867:8 868:10 869:6 870:6 871:8 872:7 873:12 874:5 875:9 876:6 877:6 878:3 879:6 880:10 881:5 882:7 883:7 884:10 885:8 886:8 887:1 888:8 889:3 890:7 891:6 892:9 893:6 894:4 895:11 896:4 897:4 898:6 899:7 900:17 901:16 902:14 903:14 904:15 905:11 906:11 907:9 908:13 909:15 910:18 911:15 912:12 913:19 914:8 915:15 916:13 917:8 918:10 919:10 920:14 921:15 922:14 923:15 924:14 925:8 926:17 927:14 928:7 929:12 930:17 931:9 932:11 933:20 934:18 935:6 936:10 937:15 938:23 939:21 940:15 941:28 942:22 943:25 944:23 945:20 946:26 947:21 948:29 949:27 950:41 951:44 952:41 953:43 954:52 955:43 956:57 957:45 958:43 959:47 960:42 961:56 962:59 963:45 964:56 965:58 966:54 967:37 968:14 969:14 970:4 971:2 976:1 978:1 987:1 995:1 996:1 1004:1 1008:1 1014:1 1020:1 1025:1 1029:1 1031:1 1035:2 1036:1 1039:2 1048:1 1052:3 1053:1 1057:1 1076:1 1077:1 1095:2 1114:1 1137:9 1145:1 1167:1"/>
  </symbol>
  <symbol id="10" call="MPI_Allreduce" comm="0" dtsize="8" op="MPI_SUM" site="8" prev-site="7" occurrences="100">
   <side role="member" events="100" count="1" bytes="8" rbytes="8"/>
   <compute mean="510602.52" min="472326" max="744933" shift="577" buckets="940:7 941:18 942:18 943:8 944:5 945:6 946:7 947:4 948:2 949:4 950:4 951:5 952:3 954:1 956:1 958:2 962:1 964:1 965:1 967:1 971:1"/>
   <compute-cpu mean="508272.99" min="471010" max="743101" shift="577" buckets="939:1 940:10 941:19 942:15 943:7 944:5 945:5 946:10 947:2 948:4 949:5 950:2 951:4 952:2 953:1 954:1 956:1 958:1 961:1 964:1 965:1 967:1 970:1"/>
   <duration mean="209033.01" min="5518" max="743203" buckets="617:1 620:1 623:1 628:1 631:1 633:1 648:1 652:1 653:1 654:4 656:2 657:2 658:1 660:1 661:3 662:2 663:1 664:1 665:1 667:1 670:2 671:1 677:1 680:1 681:1 682:1 686:1 687:1 688:2 691:2 693:1 695:1 698:1 699:1 702:1 703:1 718:1 721:1 724:2 759:1 763:1 773:1 791:1 813:1 837:1 845:1 849:1 858:1 862:1 874:1 884:1 892:1 893:1 898:1 902:1 908:1 913:1 917:1 918:1 919:1 921:1 925:1 933:1 935:1 936:1 942:1 943:1 945:1 948:1 950:1 953:2 954:1 955:2 956:1 958:3 959:1 963:1 964:1 965:2 967:1 969:2 970:1"/>
  </symbol>
  <symbol id="11" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="6" prev-site="8" occurrences="80" match2="3">
   <peer kind="null"/>
   <peer2 kind="rel" value="1"/>
   <side role="member" events="80" count="1024" bytes="8192" rbytes="8192"/>
   <compute mean="347.5875" min="0" max="5002" shift="577" zeros="42" buckets="218:1 250:1 298:1 331:1 426:1 428:1 434:2 439:2 447:2 452:3 454:1 456:2 458:1 460:1 462:2 464:1 466:2 468:1 470:1 478:2 480:2 484:1 500:1 502:1 504:1 505:1 509:1 611:1"/>
   <duration mean="20110.2125" min="781" max="737124" buckets="476:1 485:1 497:1 499:1 505:1 506:1 507:1 509:1 512:2 518:2 519:2 520:1 522:1 523:2 524:1 525:1 527:1 529:1 532:1 533:3 534:2 535:1 537:1 539:2 541:4 542:1 544:1 545:1 546:3 548:2 549:2 550:4 551:1 552:3 553:1 554:1 555:4 556:3 557:1 558:1 559:1 560:1 561:3 563:1 564:1 571:1 573:2 623:1 664:1 682:1 966:1 970:1"/>
  </symbol>
  <symbol id="12" call="MPI_Allreduce" comm="3" dtsize="4" op="MPI_BOR" site="9" prev-site="8" occurrences="1">
   <side role="member" events="1" count="2" bytes="8" rbytes="8"/>
   <compute min="115466" max="115466" shift="577"/>
   <compute-cpu mean="113773" min="113773" max="113773" shift="577" buckets="837:1"/>
   <duration min="8773" max="8773"/>
  </symbol>
  <symbol id="13" call="MPI_File_set_view" comm="3" obj="0" site="10" prev-site="9" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="36546.95" min="22598" max="221504" shift="577" buckets="718:3 719:1 722:1 724:1 730:1 732:1 734:2 735:2 736:1 737:3 740:1 741:2 884:1"/>
   <compute-cpu mean="36072.15" min="21045" max="220532" shift="577" buckets="713:1 715:1 718:3 719:1 726:1 732:1 734:2 735:2 736:1 737:4 741:2 884:1"/>
   <duration mean="188806.45" min="16114" max="3405590" buckets="698:1 701:2 702:2 705:2 706:1 708:2 709:2 710:2 711:2 713:1 715:1 746:1 1081:1"/>
  </symbol>
  <symbol id="14" call="MPI_File_write_at_all" comm="3" obj="0" dtsize="1" site="11" prev-site="10" occurrences="20">
   <side role="member" events="20" count="4194304" bytes="4194304"/>
   <compute mean="1610.35" min="685" max="8206" shift="577" buckets="466:1 502:1 503:1 505:1 506:1 507:1 508:1 509:1 511:2 512:1 514:1 516:2 519:1 521:1 522:1 524:2 649:1"/>
   <duration mean="8145125.65" min="5301069" max="11570635" buckets="1113:4 1114:1 1115:1 1116:1 1118:1 1119:1 1121:1 1134:1 1163:2 1165:1 1166:2 1167:2 1168:2"/>
  </symbol>
  <symbol id="15" call="MPI_File_set_view" comm="3" obj="0" site="12" prev-site="11" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="3454.25" min="2091" max="6268" shift="577" buckets="551:1 556:1 560:1 564:1 568:2 569:1 570:1 575:2 576:1 579:1 583:1 588:1 598:2 602:1 606:1 614:1 626:1"/>
   <duration mean="3061243.55" min="18087" max="6872916" buckets="705:1 706:1 709:1 714:1 715:1 720:1 721:1 726:1 728:1 1112:3 1113:2 1114:3 1117:1 1120:1 1131:1"/>
  </symbol>
  <symbol id="16" call="MPI_Barrier" comm="3" site="13" prev-site="12" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="33922.65" min="23749" max="56863" shift="577" buckets="722:1 732:1 733:1 738:1 741:3 743:2 746:1 747:1 750:3 751:1 752:1 756:1 758:1 784:1 786:1"/>
   <compute-cpu mean="33859.55" min="23749" max="55601" shift="577" buckets="722:1 732:1 733:1 738:1 741:3 743:2 746:1 747:1 750:3 751:1 752:1 756:1 758:1 784:2"/>
   <duration mean="2219.85" min="1523" max="8632" buckets="524:2 529:1 530:1 531:2 532:1 533:1 534:1 535:1 537:1 539:1 540:1 542:2 543:1 550:1 567:1 578:1 652:1"/>
  </symbol>
  <symbol id="17" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="13" occurrences="1">
   <side role="member" events="1" count="40" bytes="40"/>
   <compute mean="8417" min="8417" max="8417" shift="577" buckets="650:1"/>
   <duration min="36745" max="36745"/>
  </symbol>
  <symbol id="18" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="14" occurrences="3">
   <side role="member" events="3" count="544" bytes="544"/>
   <compute mean="2323.6666666666665" min="1486" max="3689" shift="577" buckets="522:1 536:1 590:1"/>
   <duration mean="13857.333333333334" min="3074" max="31858" buckets="575:1 631:1 747:1"/>
  </symbol>
  <symbol id="19" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="14" occurrences="20">
   <side role="member" events="20" count="96" bytes="96"/>
   <compute mean="1975.25" min="615" max="9588" shift="577" buckets="460:1 472:1 474:1 480:1 482:1 486:2 488:1 492:1 494:2 498:1 502:1 504:1 507:1 586:1 594:1 596:1 607:1 658:1"/>
   <duration mean="2779.1" min="2674" max="3044" buckets="565:2 566:6 567:4 568:4 569:1 570:2 574:1"/>
  </symbol>
  <symbol id="20" call="MPI_Barrier" comm="3" site="15" prev-site="14" occurrences="21">
   <side role="member" events="21" count="0"/>
   <compute mean="52.095238095238095" min="0" max="1086" shift="577" zeros="19" buckets="50:1 503:1"/>
   <duration mean="784.4761904761905" min="400" max="3766" buckets="428:2 430:1 432:1 437:2 438:2 443:3 454:2 455:1 458:1 459:2 466:1 472:1 570:1 591:1"/>
  </symbol>
  <symbol id="21" call="MPI_Bcast" comm="3" dtsize="1" site="16" prev-site="15" occurrences="20">
   <root kind="abs" value="0"/>
   <side role="root" events="20" count="8" bytes="8"/>
   <compute mean="3584.8" min="2979" max="4170" shift="577" buckets="572:1 573:2 578:1 582:2 583:1 584:2 588:2 590:3 592:1 594:1 596:2 600:2"/>
   <duration mean="1193.7" min="621" max="1913" buckets="460:1 487:2 490:1 494:1 499:1 501:1 502:1 503:2 504:1 507:1 510:1 511:1 516:1 520:1 525:1 526:1 529:1 543:1"/>
  </symbol>
  <symbol id="22" call="MPI_File_sync" comm="3" obj="0" site="17" prev-site="16" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="984.85" min="415" max="5502" shift="577" buckets="430:1 450:1 456:1 460:1 462:1 466:2 468:2 470:1 474:1 476:1 480:2 484:2 486:1 492:1 508:1 617:1"/>
   <duration mean="4880454.25" min="3242662" max="7928529" buckets="1077:1 1087:1 1094:2 1095:2 1096:2 1099:1 1100:1 1101:1 1102:2 1116:1 1118:2 1125:1 1129:1 1134:1 1144:1"/>
  </symbol>
  <symbol id="23" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="6" prev-site="17" occurrences="19" match2="4">
   <peer kind="null"/>
   <peer2 kind="rel" value="1"/>
   <side role="member" events="19" count="1024" bytes="8192" rbytes="8192"/>
   <compute mean="612621.8421052631" min="2868" max="4445682" shift="577" buckets="570:1 596:2 598:1 600:1 603:1 604:1 616:2 634:1 640:2 709:1 711:1 713:1 1036:1 1039:1 1080:1 1103:1"/>
   <compute-cpu mean="8740.578947368422" min="2868" max="20729" shift="577" buckets="570:1 596:2 598:1 600:1 603:1 604:1 616:2 625:1 634:2 640:2 697:2 709:1 711:1 713:1"/>
   <duration mean="1301785.2105263157" min="4066" max="8425104" buckets="599:1 614:1 615:1 623:1 624:2 630:1 635:1 641:1 651:1 653:2 660:1 734:1 737:1 979:1 1134:1 1148:1 1150:1"/>
  </symbol>
  <symbol id="24" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="8" occurrences="19">
   <root kind="abs" value="0"/>
   <side role="root" events="19" count="40" bytes="40"/>
   <compute mean="31676.526315789473" min="19729" max="37630" shift="577" buckets="709:1 719:1 721:1 724:1 729:2 737:1 751:2 752:1 753:1 754:2 755:3 756:2 757:1"/>
   <compute-cpu mean="31629.105263157893" min="19729" max="37630" shift="577" buckets="709:1 719:1 721:1 724:1 729:2 737:1 751:2 752:2 754:2 755:3 756:2 757:1"/>
   <duration mean="5907.1578947368425" min="4788" max="6630" buckets="608:1 610:1 611:1 612:1 618:2 621:1 622:2 623:1 624:2 625:1 627:1 628:2 629:2 630:1"/>
  </symbol>
  <symbol id="25" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="18" occurrences="5">
   <root kind="abs" value="0"/>
   <side role="root" events="5" count="120" bytes="120"/>
   <compute mean="10832.2" min="9849" max="12512" shift="577" buckets="659:1 662:1 663:1 666:1 675:1"/>
   <duration mean="689.2" min="561" max="942" buckets="454:1 460:1 463:1 465:1 491:1"/>
  </symbol>
  <symbol id="26" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="18" occurrences="19">
   <root kind="abs" value="0"/>
   <side role="root" events="19" count="544" bytes="544"/>
   <compute mean="1397.421052631579" min="394" max="2067" shift="577" buckets="426:1 428:1 439:1 452:1 508:1 515:1 517:1 526:2 528:1 530:2 532:1 534:1 536:3 546:1 550:1"/>
   <duration mean="591.5263157894736" min="361" max="772" buckets="420:1 432:1 438:1 443:1 451:1 452:1 457:1 458:3 460:1 462:2 463:1 464:2 466:1 471:1 475:1"/>
  </symbol>
  <symbol id="27" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="18" occurrences="19">
   <root kind="abs" value="0"/>
   <side role="root" events="19" count="328" bytes="328"/>
   <compute mean="76097.68421052632" min="54675" max="86723" shift="577" buckets="783:1 795:1 796:1 801:1 803:1 804:2 805:1 808:2 812:1 814:3 815:1 816:4"/>
   <compute-cpu mean="75183.78947368421" min="54675" max="85181" shift="577" buckets="783:1 795:1 796:1 801:1 803:2 804:2 806:1 807:1 812:1 813:3 814:1 815:4"/>
   <duration mean="1745.7368421052631" min="771" max="2473" buckets="475:1 501:1 510:1 518:1 524:1 528:1 530:1 534:1 535:1 537:1 539:1 540:1 544:2 547:1 550:1 554:1 557:1 560:1"/>
  </symbol>
  <symbol id="28" call="MPI_Allreduce" comm="3" dtsize="4" op="MPI_BOR" site="9" prev-site="18" occurrences="19">
   <side role="member" events="19" count="2" bytes="8" rbytes="8"/>
   <compute mean="20993.526315789473" min="15487" max="28125" shift="577" buckets="694:1 702:1 703:2 704:1 706:1 711:3 712:1 713:1 714:3 718:1 723:1 731:2 735:1"/>
   <compute-cpu mean="20917.63157894737" min="15487" max="28125" shift="577" buckets="694:1 702:1 703:2 704:1 706:1 711:3 712:1 713:1 714:4 723:1 731:2 735:1"/>
   <duration mean="11716.894736842105" min="7882" max="13800" buckets="646:1 652:1 653:1 660:1 663:1 668:1 672:1 674:1 675:2 677:2 678:4 679:2 684:1"/>
  </symbol>
  <symbol id="29" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="13" occurrences="17">
   <side role="member" events="17" count="544" bytes="544"/>
   <compute mean="6205.35294117647" min="5281" max="8256" shift="577" buckets="614:1 617:1 618:1 619:4 621:1 623:2 625:2 626:1 635:2 641:1 649:1"/>
   <duration mean="44734.882352941175" min="33500" max="101441" buckets="751:1 753:1 757:2 758:1 759:1 760:2 761:1 765:1 766:1 768:1 769:2 771:1 772:1 827:1"/>
  </symbol>
  <symbol id="30" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="14" occurrences="4">
   <side role="member" events="4" count="120" bytes="120"/>
   <compute mean="1228.25" min="1106" max="1386" shift="577" buckets="504:1 507:1 511:1 517:1"/>
   <duration mean="3185" min="2704" max="4317" buckets="566:2 573:1 602:1"/>
  </symbol>
  <symbol id="31" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="14" occurrences="15">
   <side role="member" events="15" count="32" bytes="32"/>
   <compute mean="6088.933333333333" min="3670" max="7154" shift="577" buckets="588:1 617:1 620:3 621:1 623:1 624:1 625:2 631:2 634:1 636:1 637:1"/>
   <duration mean="3006.6" min="2754" max="4156" buckets="567:1 569:3 570:2 571:1 572:5 573:1 574:1 600:1"/>
  </symbol>
  <symbol id="32" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="18" occurrences="14">
   <root kind="abs" value="0"/>
   <side role="root" events="14" count="32" bytes="32"/>
   <compute mean="9180.42857142857" min="6934" max="11060" shift="577" buckets="634:1 637:1 643:1 647:2 653:1 659:2 660:2 661:1 662:1 663:1 667:1"/>
   <duration mean="324.64285714285717" min="160" max="540" buckets="362:1 370:2 382:1 386:1 397:1 424:1 426:2 428:2 430:1 434:1 452:1"/>
  </symbol>
  <symbol id="33" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="18" occurrences="4">
   <root kind="abs" value="0"/>
   <side role="root" events="4" count="176" bytes="176"/>
   <compute mean="320" min="0" max="565" shift="577" zeros="1" buckets="406:1 434:1 454:1"/>
   <duration mean="723.5" min="561" max="941" buckets="454:1 459:1 476:1 491:1"/>
  </symbol>
  <symbol id="34" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="13" occurrences="2">
   <side role="member" events="2" count="328" bytes="328"/>
   <compute min="4841" max="5682" shift="577"/>
   <duration min="7962" max="44026"/>
  </symbol>
  <symbol id="35" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="18" occurrences="10">
   <root kind="abs" value="0"/>
   <side role="root" events="10" count="352" bytes="352"/>
   <compute mean="453.6" min="34" max="805" shift="577" buckets="250:1 396:1 404:1 414:1 424:1 456:1 458:1 460:1 466:1 478:1"/>
   <duration mean="737.1" min="511" max="1061" buckets="449:1 454:1 457:1 460:1 463:1 477:1 481:1 482:1 488:1 501:1"/>
  </symbol>
  <symbol id="36" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="14" occurrences="1">
   <side role="member" events="1" count="352" bytes="352"/>
   <compute mean="4090" min="4090" max="4090" shift="577" buckets="598:1"/>
   <duration min="2383" max="2383"/>
  </symbol>
  <symbol id="37" call="MPI_Barrier" comm="3" site="13" prev-site="17" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="66568" min="66568" max="66568" shift="577" buckets="801:1"/>
   <duration min="62723" max="62723"/>
  </symbol>
  <symbol id="38" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="13" occurrences="1">
   <side role="member" events="1" count="96" bytes="96"/>
   <compute min="3950" max="3950" shift="577"/>
   <duration min="15092" max="15092"/>
  </symbol>
  <symbol id="39" call="MPI_File_close" comm="3" obj="0" site="19" prev-site="15" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="126523" max="126523" shift="577"/>
   <compute-cpu mean="124234" min="124234" max="124234" shift="577" buckets="845:1"/>
   <duration min="45147" max="45147"/>
  </symbol>
  <symbol id="40" call="MPI_Comm_free" comm="3" site="5" prev-site="19" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="5202" max="5202" shift="577"/>
   <duration min="1512" max="1512"/>
  </symbol>
  <symbol id="41" call="MPI_Finalize" comm="0" site="20" prev-site="5" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="32382102" max="32382102" shift="577"/>
   <compute-cpu min="8248867" max="8248867" shift="577"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="2" time-ns="746288.6420367347">
   <s ref="8"/>
   <s ref="9"/>
  </block>
  <block id="1" events="101" time-ns="37310096.06000001">
   <loop body="0" count="49"/>
   <s ref="8"/>
   <s ref="10"/>
   <s ref="11"/>
  </block>
  <block id="2" events="520" time-ns="205026169.1330385">
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="22"/>
   <s ref="23"/>
   <loop body="1" count="4"/>
   <loop body="0" count="49"/>
   <s ref="8"/>
   <s ref="10"/>
   <s ref="24"/>
   <s ref="25"/>
   <s ref="26"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="29"/>
   <s ref="30"/>
  </block>
  <block id="3" events="521" time-ns="205029878.5878004">
   <s ref="26"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="29"/>
   <s ref="31"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="22"/>
   <s ref="23"/>
   <loop body="1" count="4"/>
   <loop body="0" count="49"/>
   <s ref="8"/>
   <s ref="10"/>
   <s ref="24"/>
   <s ref="32"/>
   <s ref="33"/>
  </block>
  <block id="4" events="521" time-ns="205030025.7878004">
   <s ref="26"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="29"/>
   <s ref="31"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="22"/>
   <s ref="23"/>
   <loop body="1" count="4"/>
   <loop body="0" count="49"/>
   <s ref="8"/>
   <s ref="10"/>
   <s ref="24"/>
   <s ref="32"/>
   <s ref="35"/>
  </block>
  <block id="5" events="521" time-ns="205030025.7878004">
   <s ref="31"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="22"/>
   <s ref="23"/>
   <loop body="1" count="4"/>
   <loop body="0" count="49"/>
   <s ref="8"/>
   <s ref="10"/>
   <s ref="24"/>
   <s ref="32"/>
   <s ref="35"/>
   <s ref="26"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="29"/>
  </block>
  <block id="6" events="10426" time-ns="4133488833.9999995">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <loop body="1" count="4"/>
   <loop body="0" count="49"/>
   <s ref="8"/>
   <s ref="10"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="18"/>
   <loop body="2" count="4"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="22"/>
   <s ref="23"/>
   <loop body="1" count="4"/>
   <loop body="0" count="49"/>
   <s ref="8"/>
   <s ref="10"/>
   <s ref="24"/>
   <s ref="25"/>
   <loop body="3" count="3"/>
   <s ref="26"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="34"/>
   <s ref="18"/>
   <s ref="31"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="22"/>
   <s ref="23"/>
   <loop body="1" count="4"/>
   <loop body="0" count="49"/>
   <s ref="8"/>
   <s ref="10"/>
   <s ref="24"/>
   <s ref="32"/>
   <s ref="33"/>
   <loop body="4" count="3"/>
   <s ref="26"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="34"/>
   <s ref="18"/>
   <loop body="5" count="4"/>
   <s ref="36"/>
   <loop body="5" count="3"/>
   <s ref="31"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="22"/>
   <s ref="37"/>
   <s ref="38"/>
   <s ref="20"/>
   <s ref="39"/>
   <s ref="40"/>
   <s ref="41"/>
  </block>
  <dominant block="0" count="49" share="0.8846798655655932" iteration-ns="746288.6420367347"/>
 </class>
 <class id="1" ranks="1" program="13" events="10418" length="121" time-ns="4167952257">
  <symbol id="42" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="8466" max="8466" shift="247"/>
   <duration min="35445743" max="35445743"/>
  </symbol>
  <symbol id="43" call="MPI_Bcast" comm="0" dtsize="8" site="1" prev-site="0" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="1" rbytes="8"/>
   <compute min="18461" max="18461" shift="247"/>
   <duration min="475128" max="475128"/>
  </symbol>
  <symbol id="44" call="MPI_Comm_dup" comm="0" newcomm="2" site="2" prev-site="1" occurrences="1" ws="3862528" ws-samples="1">
   <side role="member" events="1" count="0"/>
   <compute min="529783" max="529783" shift="247"/>
   <compute-cpu min="527289" max="527289" shift="247"/>
   <duration min="44647" max="44647"/>
  </symbol>
  <symbol id="45" call="MPI_Comm_dup" comm="2" newcomm="3" site="2" prev-site="2" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="19672" min="19672" max="19672" shift="247" buckets="709:1"/>
   <duration min="377543" max="377543"/>
  </symbol>
  <symbol id="46" call="MPI_File_open" comm="3" obj="0" site="3" prev-site="2" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="3158" max="3158" shift="247"/>
   <duration min="712902" max="712902"/>
  </symbol>
  <symbol id="47" call="MPI_Bcast" comm="3" dtsize="1" site="4" prev-site="3" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="8" rbytes="8"/>
   <compute min="5476" max="5476" shift="247"/>
   <duration min="2564" max="2564"/>
  </symbol>
  <symbol id="48" call="MPI_Comm_free" comm="2" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="360300" max="360300" shift="247"/>
   <compute-cpu min="359074" max="359074" shift="247"/>
   <duration min="2684" max="2684"/>
  </symbol>
  <symbol id="49" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="6" prev-site="5" occurrences="1" match="0">
   <peer kind="rel" value="-1"/>
   <peer2 kind="null"/>
   <side role="member" events="1" rbytes-events="0" count="1024" bytes="8192"/>
   <compute mean="19062" min="19062" max="19062" shift="247" buckets="707:1"/>
   <duration min="14722" max="14722"/>
  </symbol>
  <symbol id="50" call="MPI_Sendrecv" comm="0" tag="2" tag2="2" dtsize="8" site="7" prev-site="6" occurrences="5000" match2="1">
   <peer kind="null"/>
   <peer2 kind="rel" value="-1"/>
   <side role="member" events="5000" count="1024" bytes="8192" rbytes="8192"/>
   <compute mean="99.9906" min="0" max="35206" shift="247" zeros="2627" buckets="75:79 112:42 175:125 218:108 250:117 265:91 281:105 298:116 303:2 307:101 310:1 314:87 322:90 327:1 331:74 339:102 342:1 346:66 352:70 354:1 356:70 360:57 362:1 364:55 366:1 368:45 370:8 372:24 374:18 376:34 378:16 380:30 382:7 384:20 386:28 390:29 394:24 398:37 400:2 401:23 402:28 404:21 406:16 408:16 410:19 412:11 414:20 416:19 418:17 420:10 422:12 424:7 426:11 428:11 430:7 432:11 434:8 436:9 438:3 440:8 442:5 444:7 446:10 448:5 450:6 451:7 452:4 453:9 454:4 456:1 457:5 458:1 459:5 460:8 461:3 462:5 463:3 464:2 465:1 466:4 467:6 468:5 469:4 470:3 471:4 472:2 473:3 474:3 475:3 476:5 478:4 480:3 482:2 484:2 486:5 488:3 490:2 492:4 494:2 496:3 498:1 500:1 501:2 502:1 504:1 505:1 506:1 508:2 509:1 510:1 511:2 512:3 514:1 518:1 522:1 523:1 526:1 530:1 540:1 546:1 568:1 575:1 576:1 587:3 596:1 600:1 601:2 604:1 610:1 754:1"/>
   <duration mean="42377.3966" min="892" max="11338450" buckets="487:1 523:1 525:1 528:2 532:1 533:3 534:1 535:2 537:2 540:2 541:2 542:1 543:2 544:2 545:1 546:6 547:8 548:8 549:6 550:15 551:25 552:34 553:38 554:52 555:51 556:75 557:68 558:83 559:88 560:87 561:74 562:86 563:87 564:92 565:112 566:104 567:91 568:58 569:86 570:78 571:78 572:80 573:67 574:62 575:47 576:45 577:67 578:56 579:50 580:74 581:64 582:68 583:65 584:70 585:59 586:59 587:69 588:65 589:62 590:63 591:52 592:54 593:40 594:53 595:52 596:60 597:52 598:35 599:56 600:85 601:83 602:76 603:80 604:77 605:78 606:60 607:64 608:53 609:55 610:39 611:39 612:36 613:34 614:37 615:21 616:24 617:27 618:17 619:14 620:15 621:18 622:9 623:15 624:15 625:10 626:6 627:11 628:8 629:9 630:5 631:9 632:4 633:2 634:3 635:2 636:7 637:7 638:4 639:4 640:6 641:4 642:4 643:5 644:1 645:2 646:1 647:1 648:3 649:2 650:3 651:5 652:6 653:7 654:5 655:7 656:1 657:2 658:2 659:2 660:3 661:3 662:3 663:1 665:4 666:4 667:3 668:2 669:4 670:1 671:2 672:2 673:2 674:4 675:2 677:2 678:3 679:2 680:4 681:8 682:4 683:5 684:3 685:7 686:4 687:3 688:3 689:3 691:2 692:3 693:3 694:1 697:1 698:1 700:5 702:1 704:3 705:1 706:4 708:2 709:4 710:2 711:1 712:1 713:1 714:2 715:1 717:2 718:2 719:2 720:1 721:2 722:3 723:3 724:1 725:1 727:1 728:1 729:3 731:2 732:3 733:2 735:1 739:1 740:2 741:1 742:2 744:2 745:3 746:1 747:1 748:2 749:1 751:1 754:1 755:1 756:5 757:1 758:2 759:3 760:2 761:8 762:1 764:2 765:1 766:1 767:1 769:1 772:1 773:1 776:1 778:1 779:1 781:4 782:2 783:1 785:1 786:1 788:1 790:1 793:1 795:1 798:2 801:3 802:3 805:3 806:2 807:1 808:1 809:1 810:3 811:1 812:1 813:1 814:1 815:1 817:1 818:1 819:5 820:1 821:1 822:1 823:5 824:1 825:3 826:1 827:1 828:3 829:3 830:1 831:2 832:4 833:3 835:1 836:4 837:1 838:2 839:4 840:3 841:2 842:2 843:6 844:3 845:1 846:1 848:2 849:1 850:2 851:5 852:1 853:3 854:1 855:3 856:2 858:3 861:2 862:3 863:4 864:2 865:4 866:3 867:4 869:5 870:3 871:2 872:1 873:4 874:3 875:1 876:3 877:3 878:3 879:4 880:4 881:2 882:2 883:7 884:1 886:3 887:5 888:1 889:2 890:4 891:2 892:2 893:6 894:3 895:3 897:3 898:2 899:2 900:5 901:2 902:1 905:1 906:1 918:1 925:1 927:2 962:1 965:1 966:3 967:3 968:4 970:2 975:1 977:1 979:1 983:1 989:1 996:1 1011:1 1030:1 1056:1 1065:1 1067:1 1069:1 1072:1 1075:1 1077:1 1079:1 1080:2 1095:1 1096:2 1115:1 1116:1 1118:1 1119:2 1127:1 1129:1 1135:1 1137:3 1150:1 1167:1"/>
  </symbol>
  <symbol id="51" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="6" prev-site="7" occurrences="4900" ws="8769536" ws-samples="15" match="2">
   <peer kind="rel" value="-1"/>
   <peer2 kind="null"/>
   <side role="member" events="4900" rbytes-events="0" count="1024" bytes="8192"/>
   <compute mean="710230.9963265306" min="468000" max="8501720" shift="247" buckets="939:17 940:259 941:599 942:529 943:274 944:107 945:65 946:67 947:123 948:116 949:93 950:114 951:72 952:60 953:53 954:38 955:29 956:45 957:25 958:39 959:43 960:25 961:18 962:30 963:41 964:38 965:27 966:28 967:31 968:34 969:28 970:36 971:37 972:24 973:21 974:34 975:32 976:21 977:25 978:35 979:19 980:32 981:34 982:26 983:32 984:27 985:35 986:28 987:33 988:36 989:29 990:32 991:29 992:35 993:39 994:46 995:31 996:36 997:34 998:44 999:52 1000:83 1001:106 1002:85 1003:99 1004:97 1005:108 1006:103 1007:92 1008:48 1009:17 1010:2 1011:2 1013:1 1014:1 1015:2 1021:2 1029:1 1031:1 1033:1 1052:1 1056:1 1063:1 1069:1 1075:1 1088:1 1092:1 1150:1"/>
   <compute-cpu mean="704059.4618367347" min="466778" max="3170293" shift="247" buckets="939:60 940:330 941:672 942:444 943:222 944:84 945:61 946:92 947:122 948:119 949:87 950:104 951:72 952:53 953:40 954:34 955:32 956:41 957:22 958:42 959:41 960:26 961:20 962:27 963:49 964:32 965:29 966:27 967:32 968:32 969:28 970:39 971:36 972:20 973:23 974:37 975:27 976:24 977:31 978:30 979:16 980:32 981:37 982:24 983:33 984:27 985:33 986:32 987:30 988:38 989:27 990:32 991:29 992:38 993:38 994:44 995:33 996:38 997:29 998:45 999:54 1000:90 1001:99 1002:87 1003:103 1004:102 1005:104 1006:105 1007:87 1008:43 1009:18 1010:1 1011:1 1013:1 1014:2 1015:1 1021:2 1069:1 1075:1"/>
   <duration mean="1774.6377551020407" min="922" max="37126" buckets="490:2 491:1 492:4 494:2 495:1 496:4 497:8 498:8 499:15 500:14 501:34 502:28 503:42 504:52 505:59 506:74 507:89 508:91 509:88 510:83 511:112 512:115 513:112 514:113 515:106 516:156 517:123 518:134 519:120 520:114 521:113 522:125 523:130 524:123 525:120 526:87 527:113 528:105 529:123 530:99 531:100 532:93 533:77 534:81 535:72 536:61 537:93 538:57 539:81 540:51 541:45 542:48 543:42 544:47 545:41 546:38 547:38 548:41 549:34 550:65 551:58 552:42 553:53 554:39 555:33 556:28 557:41 558:30 559:21 560:20 561:16 562:13 563:12 564:13 565:9 566:17 567:6 568:8 569:8 570:10 571:8 572:3 573:9 574:5 575:1 576:3 577:6 578:6 579:2 581:4 582:2 583:3 585:5 587:2 589:1 590:1 591:2 593:1 598:5 599:1 600:1 601:3 602:1 604:1 605:1 606:1 607:1 608:2 609:2 612:2 613:2 615:1 616:2 617:1 618:3 619:1 620:1 621:2 622:1 624:1 629:1 630:1 631:3 632:3 633:1 637:1 638:3 643:2 648:1 650:1 652:4 653:7 654:6 655:5 656:8 657:4 658:2 659:3 660:1 661:2 665:3 666:2 668:2 670:1 672:1 674:1 677:1 680:1 682:1 714:1 736:1 742:1 756:1"/>
  </symbol>
  <symbol id="52" call="MPI_Allreduce" comm="0" dtsize="8" op="MPI_SUM" site="8" prev-site="7" occurrences="100">
   <side role="member" events="100" count="1" bytes="8" rbytes="8"/>
   <compute mean="700098.61" min="474100" max="1231012" shift="247" buckets="940:3 941:17 942:12 943:4 944:3 945:2 946:1 947:2 948:2 949:1 950:1 951:2 952:2 953:2 954:1 956:1 959:1 961:1 962:1 963:1 964:1 966:1 968:1 972:1 973:2 975:1 976:1 977:1 982:1 984:2 985:1 986:1 988:1 991:1 992:2 993:1 997:2 998:3 1000:1 1001:2 1002:1 1003:3 1004:1 1005:4 1007:1 1008:3"/>
   <compute-cpu mean="698163.61" min="472668" max="1229330" shift="247" buckets="940:7 941:18 942:10 943:1 944:3 945:3 947:3 948:1 949:2 950:2 952:3 953:2 956:1 959:1 961:1 962:1 963:1 964:1 966:1 967:1 972:2 973:1 975:1 976:1 977:1 981:1 984:2 985:1 986:1 988:1 991:1 992:3 997:3 998:2 1000:1 1001:2 1002:1 1003:3 1004:2 1005:3 1007:3 1008:1"/>
   <duration mean="19093.91" min="5388" max="255251" buckets="615:1 616:1 618:1 619:1 620:1 622:1 624:1 625:1 626:2 627:1 628:1 630:1 632:2 633:3 634:2 635:1 637:2 638:2 639:1 641:2 642:3 644:2 645:3 646:1 647:1 648:1 649:3 650:5 652:3 653:3 654:1 655:1 656:1 657:2 658:1 660:1 661:1 662:1 663:1 664:1 665:2 669:1 670:1 671:2 672:1 673:1 676:1 677:4 679:1 680:1 681:1 682:1 684:1 685:1 686:1 687:1 688:1 689:1 690:1 692:1 694:1 698:1 739:1 758:1 775:1 814:1 831:1 856:1 858:1 873:1 897:1"/>
  </symbol>
  <symbol id="53" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="6" prev-site="8" occurrences="80" match="3">
   <peer kind="rel" value="-1"/>
   <peer2 kind="null"/>
   <side role="member" events="80" rbytes-events="0" count="1024" bytes="8192"/>
   <compute mean="418.7375" min="0" max="5332" shift="247" zeros="1" buckets="75:1 265:2 298:1 307:2 314:2 331:1 339:1 346:3 350:1 352:5 356:5 360:2 364:4 366:1 368:6 370:1 372:2 374:1 376:2 378:1 380:3 382:2 384:1 386:1 390:1 394:1 398:1 404:2 406:2 408:3 410:1 412:1 414:1 418:1 420:1 422:1 432:1 450:1 455:1 459:1 468:1 469:1 476:1 486:1 524:1 601:1 608:1 615:1"/>
   <duration mean="1824.6625" min="952" max="10916" buckets="492:1 493:1 500:2 501:1 502:2 503:2 505:2 508:1 510:1 511:1 512:2 513:4 515:1 516:2 517:2 518:2 519:2 520:3 521:7 522:2 523:2 524:1 525:1 526:2 527:4 528:1 529:1 530:4 532:1 533:2 535:1 536:1 537:3 539:1 541:1 542:1 543:1 544:1 547:1 548:1 550:2 554:1 557:1 570:1 631:1 665:1 666:1"/>
  </symbol>
  <symbol id="54" call="MPI_Allreduce" comm="3" dtsize="4" op="MPI_BOR" site="9" prev-site="8" occurrences="1">
   <side role="member" events="1" count="2" bytes="8" rbytes="8"/>
   <compute mean="114013" min="114013" max="114013" shift="247" buckets="837:1"/>
   <duration min="10506" max="10506"/>
  </symbol>
  <symbol id="55" call="MPI_File_set_view" comm="3" obj="0" site="10" prev-site="9" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="59359.45" min="23188" max="668890" shift="247" buckets="720:3 725:2 728:1 730:1 733:1 735:2 736:2 737:1 738:3 739:1 742:2 963:1"/>
   <compute-cpu mean="43478.3" min="21956" max="359198" shift="247" buckets="716:2 720:2 721:1 724:1 727:1 733:1 735:2 736:2 737:1 738:3 739:1 742:2 918:1"/>
   <duration mean="166610.55" min="16114" max="2959084" buckets="698:1 701:1 702:2 703:1 706:1 707:1 708:2 709:2 710:3 711:1 712:2 713:1 748:1 1070:1"/>
  </symbol>
  <symbol id="56" call="MPI_File_write_at_all" comm="3" obj="0" dtsize="1" site="11" prev-site="10" occurrences="20">
   <side role="member" events="20" count="4194304" bytes="4194304"/>
   <compute mean="1871.15" min="1235" max="8801" shift="247" buckets="510:1 513:2 514:1 519:2 520:1 521:1 524:1 525:1 526:2 527:1 528:1 529:2 531:1 532:1 533:1 653:1"/>
   <duration mean="8635733.4" min="5300443" max="12482554" buckets="1113:2 1115:1 1116:1 1117:3 1118:2 1162:2 1163:2 1164:1 1165:2 1167:2 1173:1 1174:1"/>
  </symbol>
  <symbol id="57" call="MPI_File_set_view" comm="3" obj="0" site="12" prev-site="11" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="4189.05" min="2622" max="6803" shift="247" buckets="564:1 568:1 574:1 579:1 582:1 584:1 586:1 589:1 590:1 594:1 596:1 598:1 603:1 604:1 609:1 612:1 616:1 619:2 633:1"/>
   <duration mean="2536581.45" min="18648" max="5900608" buckets="706:1 709:1 711:2 721:1 723:1 724:1 728:1 736:1 738:1 806:1 1113:2 1115:2 1116:1 1117:1 1118:1 1119:1 1120:1"/>
  </symbol>
  <symbol id="58" call="MPI_Barrier" comm="3" site="13" prev-site="12" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="34028.8" min="24635" max="57048" shift="247" buckets="724:1 731:2 739:1 740:1 741:1 742:1 743:1 744:1 747:1 750:1 751:3 752:2 756:1 759:1 783:1 787:1"/>
   <compute-cpu mean="33949.7" min="24635" max="57048" shift="247" buckets="724:1 731:2 739:1 740:1 741:1 742:1 743:1 744:1 747:1 750:2 751:3 752:1 756:1 759:1 783:1 787:1"/>
   <duration mean="36564.95" min="1352" max="695517" buckets="516:1 529:1 531:1 535:1 536:1 537:1 539:2 541:2 542:1 544:1 546:1 547:3 550:1 554:1 555:1 966:1"/>
  </symbol>
  <symbol id="59" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="13" occurrences="20">
   <side role="member" events="20" count="328" bytes="328"/>
   <compute mean="4196.9" min="3479" max="9798" shift="247" buckets="584:1 585:1 586:1 587:1 589:1 590:1 591:1 592:2 593:1 594:1 596:2 598:1 600:2 601:1 604:1 608:1 659:1"/>
   <duration mean="21184.35" min="6790" max="44005" buckets="632:1 644:1 649:1 650:2 652:3 656:2 661:1 669:1 757:1 759:3 760:2 761:1 767:1"/>
  </symbol>
  <symbol id="60" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="14" occurrences="1">
   <side role="member" events="1" count="120" bytes="120"/>
   <compute min="7665" max="7665" shift="247"/>
   <duration min="3105" max="3105"/>
  </symbol>
  <symbol id="61" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="14" occurrences="20">
   <side role="member" events="20" count="272" bytes="272"/>
   <compute mean="5626.3" min="2367" max="9908" shift="247" buckets="557:1 590:1 592:1 593:1 598:1 601:3 603:1 604:1 605:1 606:1 608:1 639:1 642:1 647:1 650:1 652:1 657:1 659:1"/>
   <duration mean="1870.2" min="1091" max="4296" buckets="503:4 504:3 505:2 510:1 517:1 520:1 539:1 549:1 551:1 570:1 580:1 581:1 586:1 602:1"/>
  </symbol>
  <symbol id="62" call="MPI_Barrier" comm="3" site="15" prev-site="14" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="2110.95" min="1165" max="2547" shift="247" buckets="506:1 523:1 532:1 542:2 546:1 550:1 551:1 552:1 553:1 554:2 556:1 557:4 558:2 562:1"/>
   <duration mean="8757.1" min="671" max="66749" buckets="465:1 491:1 571:1 616:3 617:2 619:1 620:1 621:1 623:2 626:1 627:1 649:1 650:1 652:1 659:1 800:1"/>
  </symbol>
  <symbol id="63" call="MPI_Bcast" comm="3" dtsize="1" site="16" prev-site="15" occurrences="20">
   <root kind="abs" value="0"/>
   <side role="member" events="20" count="8" rbytes="8"/>
   <compute mean="994.8" min="734" max="1616" shift="247" buckets="471:1 476:1 480:2 486:1 490:2 492:2 494:3 496:2 500:1 501:1 504:1 507:1 508:1 528:1"/>
   <duration mean="4070.25" min="3285" max="4978" buckets="580:1 583:1 585:1 590:1 593:1 594:2 595:1 597:2 599:3 600:1 601:1 602:1 606:2 608:1 610:1"/>
  </symbol>
  <symbol id="64" call="MPI_File_sync" comm="3" obj="0" site="17" prev-site="16" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="1209.55" min="614" max="6704" shift="247" buckets="460:1 471:1 478:2 480:2 482:1 484:1 486:1 490:1 492:1 494:2 498:1 500:1 501:2 502:1 509:1 631:1"/>
   <duration mean="4420270.4" min="3211851" max="8434017" buckets="1076:1 1087:2 1091:1 1094:1 1095:5 1097:2 1099:1 1100:1 1101:2 1102:1 1104:1 1138:1 1150:1"/>
  </symbol>
  <symbol id="65" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="6" prev-site="17" occurrences="19" match="4">
   <peer kind="rel" value="-1"/>
   <peer2 kind="null"/>
   <side role="member" events="19" rbytes-events="0" count="1024" bytes="8192"/>
   <compute mean="286169.5263157895" min="2542" max="4448826" shift="247" buckets="562:1 563:1 564:1 567:2 568:1 580:1 594:1 602:1 609:1 637:1 647:1 699:1 703:1 704:1 707:1 722:1 980:1 1103:1"/>
   <compute-cpu mean="9558.526315789473" min="2542" max="23984" shift="247" buckets="562:1 563:1 564:1 567:2 568:1 580:1 594:1 602:1 609:1 637:1 647:1 695:1 699:1 703:1 704:1 707:1 722:2"/>
   <duration mean="9933.736842105263" min="7652" max="18988" buckets="643:1 648:1 650:1 651:1 652:3 654:1 656:2 657:1 658:1 659:1 662:1 665:1 668:1 669:1 670:1 707:1"/>
  </symbol>
  <symbol id="66" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="8" occurrences="19">
   <root kind="abs" value="0"/>
   <side role="member" events="19" count="40" rbytes="40"/>
   <compute mean="31581.263157894737" min="19933" max="37960" shift="247" buckets="710:1 716:1 720:2 724:1 730:1 738:1 752:2 753:2 754:1 755:2 756:2 757:1 758:2"/>
   <duration mean="7677.368421052632" min="5808" max="11868" buckets="620:1 621:1 625:1 627:1 632:1 641:1 643:1 644:3 645:1 646:2 649:3 650:2 672:1"/>
  </symbol>
  <symbol id="67" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="18" occurrences="5">
   <root kind="abs" value="0"/>
   <side role="member" events="5" count="120" rbytes="120"/>
   <compute mean="9843.8" min="8776" max="12091" shift="247" buckets="653:1 655:1 657:1 659:1 673:1"/>
   <duration mean="1045.8" min="852" max="1312" buckets="483:1 495:1 500:1 501:1 514:1"/>
  </symbol>
  <symbol id="68" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="18" occurrences="19">
   <root kind="abs" value="0"/>
   <side role="member" events="19" count="544" rbytes="544"/>
   <compute mean="1388.0526315789473" min="504" max="1886" shift="247" buckets="448:1 456:1 470:1 484:1 506:1 520:1 521:2 523:1 525:1 527:3 529:2 530:1 532:1 540:1 542:1"/>
   <duration mean="938.6842105263158" min="490" max="1763" buckets="445:1 462:1 465:1 472:1 475:1 478:1 480:1 484:1 487:2 488:1 491:1 492:1 498:1 499:1 506:1 507:1 514:1 536:1"/>
  </symbol>
  <symbol id="69" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="18" occurrences="19">
   <root kind="abs" value="0"/>
   <side role="member" events="19" count="328" rbytes="328"/>
   <compute mean="76234.42105263157" min="54865" max="86893" shift="247" buckets="784:1 795:1 799:1 801:1 803:2 804:2 807:1 808:1 813:1 814:4 815:1 816:3"/>
   <compute-cpu mean="75299.57894736843" min="54865" max="85290" shift="247" buckets="784:1 795:1 799:1 801:1 803:2 804:2 806:1 807:1 811:1 813:4 814:1 815:3"/>
   <duration mean="2077.9473684210525" min="802" max="2875" buckets="478:1 480:1 528:1 529:1 533:1 537:1 541:1 547:1 548:1 551:1 555:1 559:1 560:2 561:1 564:1 565:1 566:1 570:1"/>
  </symbol>
  <symbol id="70" call="MPI_Allreduce" comm="3" dtsize="4" op="MPI_BOR" site="9" prev-site="18" occurrences="19">
   <side role="member" events="19" count="2" bytes="8" rbytes="8"/>
   <compute mean="21001.894736842107" min="15577" max="28255" shift="247" buckets="694:1 702:1 703:1 704:1 705:1 707:1 710:1 711:2 712:2 713:2 715:1 718:1 722:1 731:1 732:1 735:1"/>
   <compute-cpu mean="20930.736842105263" min="15577" max="28255" shift="247" buckets="694:1 702:1 703:1 704:1 705:1 707:1 710:1 711:2 712:2 713:2 714:1 715:1 722:1 731:1 732:1 735:1"/>
   <duration mean="11390.052631578947" min="8052" max="13049" buckets="648:1 649:1 653:1 655:1 656:1 663:1 667:1 672:1 674:1 675:2 677:1 678:6 679:1"/>
  </symbol>
  <symbol id="71" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="14" occurrences="4">
   <side role="member" events="4" count="176" bytes="176"/>
   <compute mean="3268.25" min="2817" max="3729" shift="247" buckets="568:1 577:1 581:1 591:1"/>
   <duration mean="12396" min="2444" max="32478" buckets="559:1 639:2 749:1"/>
  </symbol>
  <symbol id="72" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="18" occurrences="14">
   <root kind="abs" value="0"/>
   <side role="member" events="14" count="32" rbytes="32"/>
   <compute mean="8204.07142857143" min="6503" max="9557" shift="247" buckets="629:1 633:1 635:1 638:1 642:1 645:1 652:1 653:3 654:2 655:1 657:1"/>
   <duration mean="890.5714285714286" min="490" max="1372" buckets="445:1 461:1 465:1 467:1 471:1 473:1 479:1 485:1 489:1 500:1 505:2 509:1 516:1"/>
  </symbol>
  <symbol id="73" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="18" occurrences="4">
   <root kind="abs" value="0"/>
   <side role="member" events="4" count="176" rbytes="176"/>
   <compute mean="261.25" min="163" max="484" shift="247" buckets="364:1 372:1 384:1 444:1"/>
   <duration mean="1111.5" min="991" max="1242" buckets="496:1 498:1 508:1 510:1"/>
  </symbol>
  <symbol id="74" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="14" occurrences="10">
   <side role="member" events="10" count="352" bytes="352"/>
   <compute mean="3231.2" min="2657" max="4280" shift="247" buckets="564:1 571:1 574:2 575:1 577:1 578:1 581:1 585:1 602:1"/>
   <duration mean="30188" min="26970" max="33540" buckets="732:1 735:1 736:1 742:3 743:1 744:1 747:1 751:1"/>
  </symbol>
  <symbol id="75" call="MPI_Bcast" comm="3" dtsize="1" site="18" prev-site="18" occurrences="10">
   <root kind="abs" value="0"/>
   <side role="member" events="10" count="352" rbytes="352"/>
   <compute mean="487.1" min="174" max="724" shift="247" buckets="368:1 384:1 404:1 408:1 450:1 459:1 463:1 466:1 469:1 470:1"/>
   <duration mean="715.1" min="301" max="1192" buckets="408:1 412:1 416:1 426:1 466:1 470:1 486:1 505:1 507:1 508:1"/>
  </symbol>
  <symbol id="76" call="MPI_File_write_at" comm="3" obj="0" dtsize="1" site="14" prev-site="14" occurrences="1">
   <side role="member" events="1" count="328" bytes="328"/>
   <compute min="1245" max="1245" shift="247"/>
   <duration min="38027" max="38027"/>
  </symbol>
  <symbol id="77" call="MPI_Barrier" comm="3" site="13" prev-site="17" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="39667" max="39667" shift="247"/>
   <duration min="7131" max="7131"/>
  </symbol>
  <symbol id="78" call="MPI_Barrier" comm="3" site="15" prev-site="13" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="3058" max="3058" shift="247"/>
   <duration min="17886" max="17886"/>
  </symbol>
  <symbol id="79" call="MPI_File_close" comm="3" obj="0" site="19" prev-site="15" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="126572" max="126572" shift="247"/>
   <compute-cpu min="125050" max="125050" shift="247"/>
   <duration min="46389" max="46389"/>
  </symbol>
  <symbol id="80" call="MPI_Comm_free" comm="3" site="5" prev-site="19" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="4330" max="4330" shift="247"/>
   <duration min="1522" max="1522"/>
  </symbol>
  <symbol id="81" call="MPI_Finalize" comm="0" site="20" prev-site="5" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="505337" max="505337" shift="247"/>
   <compute-cpu min="504145" max="504145" shift="247"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="7" events="2" time-ns="754483.0212816326">
   <s ref="50"/>
   <s ref="51"/>
  </block>
  <block id="8" events="101" time-ns="37733581.34999999">
   <loop body="7" count="49"/>
   <s ref="50"/>
   <s ref="52"/>
   <s ref="53"/>
  </block>
  <block id="9" events="519" time-ns="205070175.49736845">
   <s ref="61"/>
   <s ref="62"/>
   <s ref="63"/>
   <s ref="64"/>
   <s ref="65"/>
   <loop body="8" count="4"/>
   <loop body="7" count="49"/>
   <s ref="50"/>
   <s ref="52"/>
   <s ref="66"/>
   <s ref="67"/>
   <s ref="68"/>
   <s ref="69"/>
   <s ref="70"/>
   <s ref="55"/>
   <s ref="56"/>
   <s ref="57"/>
   <s ref="58"/>
   <s ref="59"/>
  </block>
  <block id="10" events="521" time-ns="205085417.54022557">
   <s ref="71"/>
   <s ref="61"/>
   <s ref="62"/>
   <s ref="63"/>
   <s ref="64"/>
   <s ref="65"/>
   <loop body="8" count="4"/>
   <loop body="7" count="49"/>
   <s ref="50"/>
   <s ref="52"/>
   <s ref="66"/>
   <s ref="72"/>
   <s ref="73"/>
   <s ref="68"/>
   <s ref="69"/>
   <s ref="70"/>
   <s ref="55"/>
   <s ref="56"/>
   <s ref="57"/>
   <s ref="58"/>
   <s ref="59"/>
  </block>
  <block id="11" events="521" time-ns="205103001.94022554">
   <s ref="74"/>
   <s ref="61"/>
   <s ref="62"/>
   <s ref="63"/>
   <s ref="64"/>
   <s ref="65"/>
   <loop body="8" count="4"/>
   <loop body="7" count="49"/>
   <s ref="50"/>
   <s ref="52"/>
   <s ref="66"/>
   <s ref="72"/>
   <s ref="75"/>
   <s ref="68"/>
   <s ref="69"/>
   <s ref="70"/>
   <s ref="55"/>
   <s ref="56"/>
   <s ref="57"/>
   <s ref="58"/>
   <s ref="59"/>
  </block>
  <block id="12" events="521" time-ns="205103001.94022554">
   <s ref="61"/>
   <s ref="62"/>
   <s ref="63"/>
   <s ref="64"/>
   <s ref="65"/>
   <loop body="8" count="4"/>
   <loop body="7" count="49"/>
   <s ref="50"/>
   <s ref="52"/>
   <s ref="66"/>
   <s ref="72"/>
   <s ref="75"/>
   <s ref="68"/>
   <s ref="69"/>
   <s ref="70"/>
   <s ref="55"/>
   <s ref="56"/>
   <s ref="57"/>
   <s ref="58"/>
   <s ref="59"/>
   <s ref="74"/>
  </block>
  <block id="13" events="10418" time-ns="4104854481">
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="45"/>
   <s ref="46"/>
   <s ref="47"/>
   <s ref="48"/>
   <s ref="49"/>
   <loop body="8" count="4"/>
   <loop body="7" count="49"/>
   <s ref="50"/>
   <s ref="52"/>
   <s ref="54"/>
   <s ref="55"/>
   <s ref="56"/>
   <s ref="57"/>
   <s ref="58"/>
   <s ref="59"/>
   <s ref="60"/>
   <loop body="9" count="5"/>
   <loop body="10" count="4"/>
   <loop body="11" count="7"/>
   <s ref="76"/>
   <loop body="12" count="3"/>
   <s ref="61"/>
   <s ref="62"/>
   <s ref="63"/>
   <s ref="64"/>
   <s ref="77"/>
   <s ref="78"/>
   <s ref="79"/>
   <s ref="80"/>
   <s ref="81"/>
  </block>
  <dominant block="7" count="49" share="0.9006328534646049" iteration-ns="754483.0212816326"/>
 </class>
</signature>
